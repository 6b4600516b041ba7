/** Types for the untyped `stopword` package (MIT): its stopword lists by ISO 639-3 code. */
declare module 'stopword' {
  const lists: Readonly<Record<string, unknown>>;
  export default lists;
}
