/**
 * Some comment exports write a reply together with the comment it answers, as
 * "[MAIN] the thread's top comment [REPLY] the reply" (the COMP34812 YouTube comment set: a third
 * of its rows). The reply's author wrote only the part after "[REPLY]"; analysed whole, every reply
 * would repeat its thread's top comment, be classified by that comment's words ("Please make part
 * 2" quoted above "@sam lol no" reads as a Request) and give the clusters "main" and "reply" as tags.
 */
export interface QuotedReply {
  /** The thread's top comment, as quoted. */
  parent: string;
  /** What the reply's author wrote. */
  reply: string;
}

const QUOTED_REPLY = /^\s*\[MAIN\]([\s\S]*?)\[REPLY\]([\s\S]*)$/;

/** The parts of a "[MAIN] ... [REPLY] ..." text, or null for any other text. */
export function splitQuotedReply(text: string): QuotedReply | null {
  const m = QUOTED_REPLY.exec(text);
  return m ? { parent: m[1]!.trim(), reply: m[2]!.trim() } : null;
}

/** The text its author wrote: the reply alone for a "[MAIN] ... [REPLY] ..." text, else the text. */
export function ownText(text: string): string {
  return splitQuotedReply(text)?.reply ?? text;
}
