import type { InputComment } from './types';

/**
 * A comment as the pipeline takes it, for tests: `text` with no likes, author, date, replies or
 * parent unless `extra` sets them; the id is the text's start unless given.
 */
export function inputComment(text: string, extra: Partial<InputComment> = {}): InputComment {
  return {
    id: text.slice(0, 20),
    text,
    likes: 0,
    author: null,
    publishedAt: null,
    replyCount: 0,
    parentId: null,
    ...extra,
  };
}
