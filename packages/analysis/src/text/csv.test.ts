import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv, sniffDelimiter } from './csv';

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

describe('sniffDelimiter', () => {
  it('reads the delimiter off the header line, outside quotes, a comma by default', () => {
    expect(sniffDelimiter('id,text,likes\n1,a;b;c;d,2\n')).toBe(',');
    expect(sniffDelimiter('\ufeffid;text;likes\r\n1;"a, b, c";2\r\n')).toBe(';');
    expect(sniffDelimiter('id\ttext\n1\thello, world\n')).toBe('\t');
    expect(sniffDelimiter('"a;b;c",text\n')).toBe(',');
    expect(sniffDelimiter('text\nhello; there\n')).toBe(',');
  });

  it('parses a semicolon file with quoted semicolons and commas', () => {
    expect(parseCsv('id;text\n1;"x; y, z"\n2;plain, text\n', ';')).toEqual([
      ['id', 'text'],
      ['1', 'x; y, z'],
      ['2', 'plain, text'],
    ]);
  });
});
