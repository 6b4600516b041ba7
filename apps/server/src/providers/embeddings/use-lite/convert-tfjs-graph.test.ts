import { describe, expect, it } from 'vitest';
import { convertUseLiteToOnnx, readWeights, type TfjsGraphModel } from './convert-tfjs-graph';

const model = (
  node: TfjsGraphModel['modelTopology']['node'],
  weights: TfjsGraphModel['weightsManifest'][0]['weights'] = [],
): TfjsGraphModel => ({
  modelTopology: { node },
  weightsManifest: [{ paths: ['group1-shard1of1'], weights }],
});

describe('readWeights', () => {
  it('reads float32 as is and int32 widened to int64, in manifest order', () => {
    const bytes = new Uint8Array([
      ...new Uint8Array(new Float32Array([1.5, -2]).buffer),
      ...new Uint8Array(new Int32Array([7]).buffer),
    ]);
    const w = readWeights(
      model(
        [],
        [
          { name: 'f', shape: [2], dtype: 'float32' },
          { name: 'i', shape: [], dtype: 'int32' },
        ],
      ),
      bytes,
    );
    expect(Array.from(w.get('f')!.data as Float32Array)).toEqual([1.5, -2]);
    expect(w.get('i')).toMatchObject({ type: 'int64', shape: [] });
    expect(Array.from(w.get('i')!.data as BigInt64Array)).toEqual([7n]);
  });

  it('refuses shards whose size does not match the manifest', () => {
    expect(() =>
      readWeights(model([], [{ name: 'f', shape: [2], dtype: 'float32' }]), new Uint8Array(12)),
    ).toThrow(/use 8 bytes but the shards hold 12/);
  });
});

describe('convertUseLiteToOnnx', () => {
  it('names an op it cannot convert instead of writing a broken model', () => {
    expect(() =>
      convertUseLiteToOnnx(
        model([{ name: 'x', op: 'Conv3D', input: ['values'] }]),
        new Uint8Array(0),
      ),
    ).toThrow(/Unsupported TF op Conv3D \(x\)/);
  });
});
