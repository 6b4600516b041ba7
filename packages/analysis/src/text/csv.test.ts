import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and newlines', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi""\nthere"\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });
  it('drops a byte-order mark, accepts CRLF and skips blank lines', () => {
    expect(parseCsv('\uFEFFtext,likes\r\n\r\nhello,3\r\n')).toEqual([
      ['text', 'likes'],
      ['hello', '3'],
    ]);
  });
  it('keeps a quote inside a plain field as text', () => {
    expect(parseCsv('a\n5" screen, "ok"\n')).toEqual([['a'], ['5" screen', ' "ok"']]);
  });
});

describe('csvRecords', () => {
  it('keys rows by the header and fills missing trailing fields', () => {
    expect(csvRecords('id,text,likes\n1,hi\n')).toEqual([{ id: '1', text: 'hi', likes: '' }]);
    expect(csvRecords('')).toEqual([]);
  });
});
