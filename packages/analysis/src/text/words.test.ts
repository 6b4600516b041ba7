import { describe, expect, it } from 'vitest';
import {
  countWords,
  hasUnspacedScript,
  isUnspacedFunctionWord,
  stopwordList,
  wordsOfRun,
} from './words';

describe('words of scripts written without spaces', () => {
  it('splits Chinese, Japanese and Thai into their words, and leaves other runs whole', () => {
    expect(wordsOfRun('とても面白い動画')).toEqual(['とても', '面白い', '動画']);
    expect(wordsOfRun('这是什么')).toEqual(['这', '是', '什么']);
    expect(wordsOfRun('ขอบคุณมากครับ')).toEqual(['ขอบคุณ', 'มาก', 'ครับ']);
    expect(wordsOfRun('맛있게')).toEqual(['맛있게']);
    expect(wordsOfRun('awesome')).toEqual(['awesome']);
    // a Latin word beside Japanese or Chinese is a word of its own
    expect(wordsOfRun('Runaちゃん可愛い')).toEqual(['Runa', 'ちゃん', '可愛い']);
    expect(wordsOfRun('iPhone手机很好')).toEqual(['iPhone', '手机', '很好']);
    // Latin text decoded with the wrong charset reads as Chinese: it stays one word, as before
    expect(wordsOfRun('consacr茅')).toEqual(['consacr茅']);
    expect(wordsOfRun('鈥攚hat')).toEqual(['鈥攚hat']);
    expect(hasUnspacedScript('Great video')).toBe(false);
    expect(hasUnspacedScript('Great 動画')).toBe(true);
  });

  it('counts words as a reader would, in any script', () => {
    expect(countWords('Great video!')).toBe(2);
    expect(countWords('这是什么？')).toBe(3);
    expect(countWords('これは何ですか？ Great')).toBe(6);
    expect(countWords('  ')).toBe(0);
  });

  it('tells function words and the pieces of Japanese grammar from words', () => {
    expect(['的', '了', 'これ', 'として', 'มาก'].every(isUnspacedFunctionWord)).toBe(true);
    expect(['视频', 'ขอบคุณ', 'the', 'very'].some(isUnspacedFunctionWord)).toBe(false);
    expect(['の', 'を', 'てる', 'って', 'ア'].every(isUnspacedFunctionWord)).toBe(true);
    expect(['ありがとう', 'ピアノ', '動画', '好き', '素敵'].some(isUnspacedFunctionWord)).toBe(
      false,
    );
  });

  it('knows Chinese function words of several characters, in traditional characters and Cantonese too, and words of conversation in Japanese, Thai and Korean', () => {
    // ICU keeps them whole: 我们|都|很喜欢|这个|视频|真的|非常|好看; "一個" had been a tag
    const words = '我们都很喜欢这个视频，真的非常好看'.split('，').flatMap(wordsOfRun);
    expect(words.filter((w) => !isUnspacedFunctionWord(w))).toEqual(['很喜欢', '视频', '好看']);
    expect(['我们', '这个', '为什么', '没有', '可以', '觉得'].every(isUnspacedFunctionWord)).toBe(
      true,
    );
    expect(
      ['我們', '這個', '一個', '為什麼', '沒有', '覺得', '們'].every(isUnspacedFunctionWord),
    ).toBe(true);
    expect(['嘅', '咗', '我哋', '真係'].every(isUnspacedFunctionWord)).toBe(true);
    // Thai: "ทำให้" ("makes") as typed, with "ำ" as one character, where the list writes it as two;
    // particles and pronouns the list lacks
    expect(['ทำให้', 'ทําให้', 'ครับ', 'ค่ะ', 'นะ', 'ผม'].every(isUnspacedFunctionWord)).toBe(true);
    expect(['ขอบคุณ', 'เพลง', 'ตอน'].some(isUnspacedFunctionWord)).toBe(false);
    // Korean is written with spaces, so its function words reach the tags through the language's
    // list: "너무" ("very") and "ㅋㅋ" had been tags of a Korean praise cluster
    expect(stopwordList('kor')).toEqual(
      expect.arrayContaining(['너무', '정말', 'ㅋㅋ', '이', '을']),
    );
    expect(stopwordList('kor')).not.toContain('메이크업');
    expect(stopwordList('tha')).toEqual(expect.arrayContaining(['ทำให้', 'ทําให้', 'ครับ']));
    // "todo" had been a tag of a Spanish praise cluster; "son" is an English word too, so stays out
    expect(stopwordList('spa')).toEqual(expect.arrayContaining(['todo', 'está', 'jaja', 'que']));
    expect(stopwordList('por')).toEqual(expect.arrayContaining(['tudo', 'então', 'kkkk']));
    expect(stopwordList('spa')).not.toContain('son');
    // Japanese of conversation: "ちゃん" had been a tag of a Japanese cluster
    expect(['ちゃん', 'めっちゃ', '本当に', '私', 'みんな'].every(isUnspacedFunctionWord)).toBe(
      true,
    );
    expect(['歌声', '可愛い', 'いつも', 'すごい'].some(isUnspacedFunctionWord)).toBe(false);
    // a word of function words only
    expect(isUnspacedFunctionWord('都沒有')).toBe(true);
    // words that name something stay, also where a character maps or one part is a function word
    expect(
      ['视频', '影片', '字幕', '關係', '日本', '中国', '很好', '歌曲'].some(isUnspacedFunctionWord),
    ).toBe(false);
  });
});
