import { describe, expect, it } from 'vitest';
import { composeHeading } from './heading';
import { keyphrase, labelTexts } from './label.test-support';
import {
  clusterLanguage,
  isForeignPhrase,
  isOtherScriptStopword,
  isRomanceFunctionWord,
  stopwordsOf,
} from './language';

const portuguese = [
  'Muito bom esse vídeo, adorei a música do começo',
  'Que vídeo incrível, parabéns pelo trabalho de sempre',
  'Eu assisto todos os seus vídeos desde o começo do canal',
  'Alguém aqui do Brasil assistindo em 2024?',
  'Essa música me traz muitas lembranças boas da infância',
  'Você é o melhor criador de conteúdo que eu conheço',
  'Cada vídeo melhor que o outro, continue assim mano',
  'Obrigado por fazer esses vídeos, me ajudam muito nos estudos',
  'Não acredito que já faz tanto tempo desde o primeiro vídeo',
  'Sempre que eu estou triste eu venho assistir esse vídeo',
];
const vietnamese = [
  'Anh ơi video hay quá, em xem đi xem lại mấy lần rồi',
  'Cảm ơn anh đã làm video này, rất bổ ích cho mọi người',
  'Em là fan của anh từ những ngày đầu tiên luôn đó',
  'Video này hay thật sự, mong anh ra thêm nhiều video nữa',
  'Ai xem video này vào năm nay thì điểm danh nhé mọi người',
  'Giọng anh nghe dễ chịu quá, nghe hoài không chán luôn',
  'Bài hát này làm mình nhớ lại tuổi thơ của mình quá',
  'Mình đã đăng ký kênh và bật chuông thông báo rồi nhé',
  'Hôm nay mới biết đến kênh này, nội dung rất chất lượng',
  'Chúc anh luôn mạnh khỏe và có thêm nhiều video hay',
];
const english = [
  'Great video thanks',
  'lol that was so funny bro',
  'this is the best video i have seen in a while',
  'who is here after the update?',
  'The editing on this one is insane, well done',
  'I have been watching this channel since 2015 and it keeps getting better',
  'Can you do a part 2 of this please',
  'The audio was a bit too quiet at the start',
  'omg i love this so much',
  'Honestly the ending caught me off guard',
];

/** Hindi and Urdu in Latin letters, as on youtube_statistics_top_comments' Indian videos. */
const hinglish = [
  'Bhai aapka video dekh ke maza aa gaya',
  'Isko short stream bolte hai to long kisko kehte hai',
  'Aapke video se bahut achcha lag raha hai sir',
  'Bhai next video kab aayega, wait kar rahe hai',
  'Ye company kis city mein hai? Price bhi batao',
  'Kya baat hai bhai, ekdum mast video',
  'Mujhe ye wala part sabse accha laga',
  'Sir aap bahut accha samjhate ho, thank you',
  'Clickbait ki had hoti hai yaar',
  'Innovation pe bhi ek video banao sir',
  'Love you bhai, Hyderabad se support hai',
  'Bhai tum log kab collab karoge',
];

describe('clusterLanguage', () => {
  it('names the language most of a cluster writes in, and leaves English clusters alone', () => {
    expect(clusterLanguage(portuguese)).toEqual({ name: 'Portuguese', codes: ['por', 'spa'] });
    expect(clusterLanguage(vietnamese)?.name).toBe('Vietnamese');
    expect(clusterLanguage(english)).toBeNull();
    // a few foreign comments in an English cluster change nothing
    expect(clusterLanguage([...english, ...english, portuguese[0]!, vietnamese[0]!])).toBeNull();
  });

  it('leaves short English exclamations franc reads as French to English, by their function words', () => {
    // franc reads most of these as French, Romanian or Swedish; the sentences' "you", "the", "I"
    // show viewers writing English
    const exclamations = [
      'Legendary panda costume dance',
      'Insane talent, pure perfection',
      'Brilliant idea, genial concept',
      'Impressive precision and control',
      'Super cool trick shots guys',
      'Perfect dude, perfect team',
      'Definitely skilled !!!',
      'Simple geometry, simple physics',
      'Respect, pure talent, pure passion',
      'Excellent performance, bravo',
      'Total perfection, bravo team',
      'Fantastic moments, epic finale',
      'if I could subscribe to this channel a million times I would',
      'you guys should do a collab with them',
      'I love your videos, they are the best',
    ];
    expect(clusterLanguage(exclamations)).toBeNull();
  });

  it('names Hinglish (Hindi in Latin letters, which franc cannot read) by its function words', () => {
    expect(clusterLanguage(hinglish)).toEqual({ name: 'Hinglish', codes: ['hinglish'] });
    // English with a few Hinglish comments, or an English cluster that says "bhai", stays English
    expect(clusterLanguage([...english, ...english, ...hinglish.slice(0, 2)])).toBeNull();
    expect(clusterLanguage(english.map((t) => `${t} bhai`))).toBeNull();
    // too few words to tell
    expect(clusterLanguage(hinglish.slice(0, 3))).toBeNull();
    // its tags skip the Hinglish particles
    const stop = stopwordsOf(['hinglish']);
    expect(['hai', 'bhai', 'kya', 'bahut'].every((w) => stop.has(w))).toBe(true);
    expect(stop.has('video')).toBe(false);
  });

  it('says "other languages" for a mix, and needs enough comments long enough to read', () => {
    expect(clusterLanguage([...portuguese.slice(0, 5), ...vietnamese.slice(0, 5)])?.name).toMatch(
      /^(Portuguese and Vietnamese|Vietnamese and Portuguese)$/,
    );
    const mix = [
      ...portuguese.slice(0, 3),
      ...vietnamese.slice(0, 3),
      'Das ist wirklich ein sehr gutes Video, danke schön',
      'Ich schaue deine Videos jeden Tag nach der Schule',
      'Это лучшее видео на этом канале, спасибо большое',
      'Очень интересно, жду продолжения этой истории',
      'Cette vidéo est vraiment géniale, merci beaucoup',
      'Je regarde toutes tes vidéos depuis le début',
    ];
    expect(clusterLanguage(mix)?.name).toBe('other languages');
    // its tags drop the stopwords of the languages read (the stopword package's lists)
    const stop = stopwordsOf(['por', 'vie', 'zlm', 'arb', 'xyz']);
    expect(['muito', 'esse', 'và', 'yang', 'في'].every((w) => stop.has(w))).toBe(true);
    expect(['vídeo', 'música', 'video'].some((w) => stop.has(w))).toBe(false);
    // nine comments, all read: Portuguese; of twelve, two long ones and ten too short: no answer
    expect(clusterLanguage(portuguese.slice(0, 9))?.name).toBe('Portuguese');
    expect(
      clusterLanguage([...portuguese.slice(0, 2), ...Array.from({ length: 10 }, () => 'top')]),
    ).toBeNull();
    expect(clusterLanguage(['muito bom', 'top demais', 'amei', 'lindo'])).toBeNull();
    expect(clusterLanguage([])).toBeNull();
  });

  it('reads short comments in Chinese, Japanese, Korean or Thai, where a few characters make a sentence', () => {
    // every one under 20 characters, the bar for Latin-script comments
    const japanese = [
      '素敵なピアノをありがとう',
      'いつも癒されています',
      '歌声が本当に綺麗です',
      'この曲が大好きです',
      '毎日聴いています',
      '初めて聴きました',
    ];
    expect(clusterLanguage(japanese)?.name).toBe('Japanese');
    expect(
      clusterLanguage(['加油！', '谢谢分享这个视频', '太好看了，很喜欢', '支持你的频道'])?.name,
    ).toBe('Chinese');
    expect(clusterLanguage(['ขอบคุณมากครับ', 'ชอบมากเลยค่ะ', 'สนุกมากครับ', 'ดีมากเลย'])?.name).toBe(
      'Thai',
    );
    // Latin-script comments still need 20 characters
    expect(clusterLanguage(['muito bom', 'top demais', 'amei demais', 'lindo demais'])).toBeNull();
  });

  it('heads such a cluster by its category and language, naming no topic', () => {
    const base = {
      sentiment: 'positive',
      positiveShare: 0.8,
      negativeShare: 0,
      humourShare: 0,
      spamShare: 0,
    } as const;
    const phrases = [keyphrase('muito', { share: 0.4 })];
    expect(
      composeHeading({ ...base, category: 'Praise', phrases, language: 'Portuguese' }),
    ).toEqual({ heading: 'Praise in Portuguese', subject: null, kind: 'Praise' });
    expect(
      composeHeading({ ...base, category: 'Opinion', phrases, language: 'other languages' })
        .heading,
    ).toBe('Comments in other languages');
    expect(composeHeading({ ...base, category: 'Praise', phrases, language: null }).heading).toBe(
      'Loves muito',
    );
  });

  it('labels a Portuguese cluster by its language, with tags that are not Portuguese stopwords', () => {
    const texts = [...english, ...portuguese];
    const labels = labelTexts(texts, (i) => (i < english.length ? 0 : 1), 'Opinion');
    expect(labels[0]!.heading).not.toContain(' in ');
    expect(labels[1]!.heading).toBe('Comments in Portuguese');
    const stop = stopwordsOf(['por', 'spa']);
    expect(labels[1]!.tags.length).toBeGreaterThan(0);
    expect(labels[1]!.tags.filter((t) => t.split(' ').every((w) => stop.has(w)))).toEqual([]);
  });
});

describe('isOtherScriptStopword', () => {
  it("knows other scripts' function words, not their topics, and never a Latin word", () => {
    expect(['من', 'и', 'के', 'και'].every(isOtherScriptStopword)).toBe(true);
    expect(['الايام', 'москва', 'फिल्म', 'from', 'de', 'the'].some(isOtherScriptStopword)).toBe(
      false,
    );
  });

  it("keeps such words out of a mixed cluster's tags", () => {
    const texts = [
      'طمط جا ن من',
      'على حزز من الايام',
      'Oa',
      'lol',
      'nice song',
      '😊',
      'من قبل خرج',
    ];
    const [label] = labelTexts(texts, () => 0, 'Opinion');
    expect(label!.tags).not.toContain('من');
  });

  it("keeps Hindi's pronouns, question words and auxiliaries out of a Hindi cluster's tags", () => {
    const texts = [
      'हमारे देश में क्या हो गया है',
      'उसको देश की चिंता नहीं है क्या',
      'हमारे नेता देश के लिए काम करते हैं',
      'क्या देश बदल गया है',
      'उसको नेता बनना है हमारे देश का',
    ];
    const [label] = labelTexts(texts, () => 0, 'Opinion');
    expect(label!.tags).toContain('देश');
    for (const word of ['हमारे', 'उसको', 'क्या', 'गया']) expect(label!.tags).not.toContain(word);
  });

  it('joins no phrase with one: "thanks for" is "thanks" in a mixed cluster', () => {
    // Russian "thanks for the video" among Hindi-English thanks: no language is read for the cluster
    const texts = [
      'Спасибо за видео',
      'спасибо за рецепт',
      'Спасибо за труды',
      'bhai mast video hai',
      'thank you bhai',
      'nice video bhai',
    ];
    const [label] = labelTexts(texts, () => 0, 'Opinion');
    expect(label!.tags).toContain('спасибо');
    expect(label!.tags.filter((t) => t.split(' ').some(isOtherScriptStopword))).toEqual([]);
  });
});

describe('isRomanceFunctionWord', () => {
  it('knows Romance function words English lacks, never a short or English one', () => {
    expect(['essa', 'muito', 'pero', 'questo', 'cuando'].every(isRomanceFunctionWord)).toBe(true);
    expect(
      ['con', 'sus', 'era', 'aura', 'video', 'song', 'mais'].filter(isRomanceFunctionWord),
    ).toEqual(['mais']);
  });

  it("keeps them out of an English cluster's tags, names aside", () => {
    const texts = [
      'Nicki essa mulher é deusa',
      'essa música é top',
      'the queen of rap',
      'queen Nicki forever',
      'Nicki is the queen',
    ];
    const [label] = labelTexts(texts, () => 0, 'Praise');
    expect(label!.tags).toContain('queen');
    expect(label!.tags).not.toContain('essa');
  });

  it("keeps a word only its comments in another language use out of an English cluster's tags", () => {
    // the demo's iPhone cluster had the tag "compre" ("buy"), from two Spanish comments; "se" is
    // Spanish there, not Hinglish
    const texts = [
      'The iphone camera is so much better than my old phone',
      'iphone battery lasts all day now',
      'I switched to iphone last year and never looked back',
      'iphone prices are insane this year',
      'My iphone screen cracked on day one',
      'the iphone camera in low light is amazing',
      'Yo ya me compre el iphone',
      'Y habrá gente que se compre el iphone X, os creéis ricos o algo',
    ];
    const [label] = labelTexts(texts, () => 0, 'Opinion');
    expect(label!.tags).toContain('iphone');
    expect(label!.tags).not.toContain('compre');
    expect(isForeignPhrase('compre', texts, true)).toBe(true);
  });
});

describe('isForeignPhrase', () => {
  const mixed = [
    'El mejor ASMR que ví',
    'Super bueno para estudiar, estas relajado y te enfocas mejor.',
    'Eu n estava conseguindo dormir até escutar esses áudio',
    'спасибо за видео',
    'спасибо за ваш труд',
    'the best asmr for sleep',
    'Pewds W',
    'Pewds is the goat',
    'Kon Kon chahte Hain DilRaj Bhai GT Mustang Na tode',
    'mustang gt in dono masa koi la lo bhai',
  ];

  it('is a phrase English does not know, used mostly in comments in another language', () => {
    expect(isForeignPhrase('mejor', mixed)).toBe(true);
    expect(isForeignPhrase('dormir', mixed)).toBe(true);
    expect(isForeignPhrase('спасибо за', mixed)).toBe(true);
  });

  it('is never a word English knows, a word used in English, or one Hinglish names in English', () => {
    expect(isForeignPhrase('asmr', mixed)).toBe(false);
    expect(isForeignPhrase('sleep', mixed)).toBe(false);
    expect(isForeignPhrase('pewds', mixed)).toBe(false);
    expect(isForeignPhrase('mustang', mixed)).toBe(false);
  });

  it("keeps such a phrase out of a mixed cluster's heading", () => {
    const texts = [
      'El mejor ASMR que ví',
      'para dormir es lo mejor',
      'lo mejor para dormir',
      'the triggers are great',
      'love these triggers',
      'the triggers in this one are so good for sleep',
    ];
    const [label] = labelTexts(texts, () => 0, 'Praise');
    expect(label!.tags).toEqual(expect.arrayContaining(['mejor', 'triggers']));
    expect(label!.heading).toBe('Loves the triggers');
  });
});

describe('clusterLanguage on a small cluster', () => {
  it('names the language of a cluster of five when most of it is read, and leaves English alone', () => {
    const indonesian = [
      'Klu saham dan kripto crash atau harganya jatuh, saatnya beli pakai uang dingin',
      'Btc itu setau saya sudah kenyang dengan fud dari nama besar',
      'Gpp lah sudah waktunya naik juga. Kalau nunggu malah ketinggalan kereta',
      'di tf 2 hari sudah jelas sinya beli',
      'Biasanya kalo banyak berita negatif nanti banyak yang pasang bear',
    ];
    expect(clusterLanguage(indonesian)?.name).toMatch(/^Indonesian/);
    expect(
      clusterLanguage([
        'Gordon Ramsay cooking rice is my favourite thing',
        'the rice looks perfect every single time',
        'Ramsay never misses with the egg fried rice',
        'ok',
        'W',
      ]),
    ).toBeNull();
    // franc reads these as French and Romanian; their words say English
    expect(
      clusterLanguage([
        'thanks mate, great tips',
        'brilliant stuff mate',
        'cheers mate. Subscribed',
        'love the tips',
        'such good tips',
      ]),
    ).toBeNull();
    // two comments long enough to read are too few
    expect(clusterLanguage(indonesian.slice(0, 2))).toBeNull();
  });
});
