import { classifyIntents } from '../../packages/analysis/src/intent';
import { loadDevSet } from '../bench/dev-set-files';
import { cachedEmbeddings } from '../bench/embedding-cache';
const ex = loadDevSet().examples.filter((e) => e.split === 'heldout');
const vectors = await cachedEmbeddings('intent-dev-heldout', ex.map((r) => r.text));
const p = classifyIntents(ex.map((r) => r.text), { vectors, embedder: 'onnx:universal-sentence-encoder-lite:q8' });
const w = classifyIntents(ex.map((r) => r.text));
ex.forEach((e, i) => { if (p[i] !== e.intent) console.log(`${e.intent}\t${p[i]}\t(w:${w[i]})\t${e.text.replace(/\s+/g,' ').slice(0,220)}`); });
