import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

/**
 * PostgreSQL's text and jsonb cannot hold U+0000: a comment, title or caption with a NUL byte (they
 * come from YouTube, Instagram or a comments file, and are untrusted), or a note or workspace name
 * pasted with one, made the INSERT fail ("invalid byte sequence for encoding UTF8: 0x00"), so a
 * video could never be analysed and a note never saved. The character is invisible and means
 * nothing in text, so it is dropped.
 */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/** JSON text for a jsonb column, without the "\u0000" escapes that jsonb refuses. */
export function toJsonb(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? withoutNul(v) : v));
}

function storable(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value) && value.some((v) => typeof v === 'string' && v.includes('\u0000')))
    return value.map(storable);
  return value;
}

class WithoutNulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = storable(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    if (!node.values.some((v) => storable(v) !== v)) return node;
    return { ...node, values: node.values.map(storable) };
  }
}

/**
 * Drops U+0000 from every string (and array of strings) a query sends, whichever repository
 * wrote it, so no text from outside can make a write fail. jsonb values are written as JSON text
 * through `toJsonb`, which drops it inside the document.
 */
export class WithoutNulPlugin implements KyselyPlugin {
  readonly #transformer = new WithoutNulTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
