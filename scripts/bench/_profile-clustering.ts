// (underscore: not run by `npm run bench`) Times one automatic-K clustering of a cached benchmark set, for profiling:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/bench/_profile-clustering.ts searchsnippets
import { discoverClusters } from '../../packages/analysis/src/clustering/index';
import { cachedEmbeddings, loadLabelledDataset } from './embedding-cache';

const name = process.argv[2] ?? 'searchsnippets';
const ds = loadLabelledDataset(name);
const n = Number(process.argv[3] ?? 10000);
const texts = ds.texts.slice(0, n);
const vectors = (await cachedEmbeddings(name, ds.texts)).slice(0, n);
const t0 = performance.now();
const r = await discoverClusters({ vectors, texts }, { seed: 1 });
console.log(
  `${name}: ${texts.length} items, K=${r.k}, ${((performance.now() - t0) / 1000).toFixed(2)} s`,
);
