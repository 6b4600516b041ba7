import { NOTES_ALLOWED_TAGS } from '@app/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * Keeps only what the notes editor itself produces (NOTES_ALLOWED_TAGS, no attributes at all), so
 * stored notes can neither run script nor restyle the page. Unknown tags are dropped but their text
 * is kept (escaped); the content of script-like elements is dropped entirely.
 */
export function sanitizeNotesHtml(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: [...NOTES_ALLOWED_TAGS],
    allowedAttributes: {},
    allowedSchemes: [],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'object',
      'embed',
      'xmp',
      'noembed',
      'noframes',
      'template',
      'title',
      'svg',
      'math',
    ],
    // Comments and CDATA could hide conditional-comment payloads for old engines.
    allowVulnerableTags: false,
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  });
  // sanitize-html writes `<br />`; the editor writes `<br>`. Same element, but equal strings let
  // the client tell "unchanged" from "edited".
  return clean.replace(/<br \/>/g, '<br>');
}
