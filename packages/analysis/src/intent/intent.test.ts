import { describe, expect, it } from 'vitest';
import type { Intent } from '@app/contracts';
import { classifyIntent, classifyIntents, clusterCategory, classificationReport } from './index';
import { INTENT_MODEL_USE } from './weights';
import { sameVectorFor, vectorAlong } from '../text/linear-model.test-support';
import { predictIntent } from './model';

const intentOf = (t: string): Intent => classifyIntent(t).intent;

describe('classifyIntent: precedence from the issue', () => {
  it('Praise + Request is a Request', () => {
    expect(intentOf('Great video! Please do part 2')).toBe('Request');
    expect(classifyIntent('Great video! Please do part 2').matched).toEqual(['Request', 'Praise']);
  });
  it('a request phrased as a question is a Request, not a Question', () => {
    expect(intentOf('Can you make a video on React hooks?')).toBe('Request');
    expect(intentOf('Could you please do one on Python GUI?')).toBe('Request');
  });
  it('Praise + Question is a Question', () => {
    expect(intentOf('Loved it, but what mic do you use?')).toBe('Question');
  });
  it('Praise + Criticism is Criticism', () => {
    expect(intentOf('Great video but the music is too loud')).toBe('Criticism');
  });
  it('Criticism + Request is a Request', () => {
    expect(intentOf('The voice over is so bad. Please change it.')).toBe('Request');
  });
});

describe('classifyIntent: each intent on real-style comments', () => {
  it.each([
    ['You should do a giveaway with those signed cards', 'Request'],
    ['I want to see Guga, Nick, and Uncle Roger all in one video please!', 'Request'],
    ['When will your next collab be?', 'Request'],
    ['How do you change the font size of the code', 'Question'],
    ['What is the difference between printf and cout', 'Question'],
    [
      'When I type stoi it says error stoi was not declared in this scope could somebody help me',
      'Question',
    ],
    ['This video was a waste of time, total clickbait', 'Criticism'],
    ['He breezes through it real fast. Definitely not for beginners. Bad tutorial', 'Criticism'],
    ['Thank you so much for uploading this video, it helped me a lot!', 'Praise'],
    ['You never disappoint ❤️', 'Praise'],
    ['Best explanation on YouTube', 'Praise'],
    ['I had this phone for two years and switched last month', 'Opinion'],
    ['First', 'Opinion'],
    ["Who's watching in 2023?", 'Opinion'],
    ['😂😂😂', 'Opinion'],
  ] as const)('%s -> %s', (text, intent) => {
    expect(intentOf(text)).toBe(intent);
  });

  it('reads suggestions put impersonally, as feature requests are, and not their look-alikes', () => {
    const request = (t: string) => classifyIntent(t).matched.includes('Request');
    for (const t of [
      'It would be nice if you did a video on the history of chess clocks',
      "It'd be really helpful to see the full recipe in the description",
      'Allow users to organise their playlists into folders.',
      'There should be an option to turn off the background music',
      'We need a way to skip the intro',
      'One suggestion: slow down when you type the code',
      'Please enable subtitles on the older videos',
      'It would be extremely helpful if the app supported dark mode',
      "I'd like to be able to download the slides",
      'The settings page should have an option to mute notifications',
      'This needs to be fixed.',
      'Chromecast support would be great',
    ])
      expect(request(t), t).toBe(true);
    for (const t of [
      'The new album will be amazing if it sounds like these two singles',
      'Could you please provide me the solution for the exercise on primes?',
      'Even the lousiest pilot should be able to find it',
      'There has to be a factory that generates these ideas',
    ])
      expect(request(t), t).toBe(false);
  });

  it('negation flips cues: "not boring" is not Criticism, "not good" is', () => {
    expect(intentOf('Honestly not boring at all, loved every minute')).toBe('Praise');
    expect(intentOf('This video is not good')).toBe('Criticism');
  });
  it('stretched letters and caps still read', () => {
    expect(intentOf('SOOOO GOOOD, best video ever!!!')).toBe('Praise');
    expect(intentOf('PLEASEEE MAKE A PART 2')).toBe('Request');
  });
  it('guideline edge cases: emoji-only, timestamps, roll calls, sarcasm, faint and rhetorical praise', () => {
    expect(intentOf('❤️❤️')).toBe('Praise');
    expect(intentOf('👎')).toBe('Criticism');
    expect(intentOf('3:45 😂')).toBe('Opinion');
    expect(intentOf('at 4:20 you made a mistake')).toBe('Criticism');
    expect(intentOf('at 4:20 how did you do that?')).toBe('Question');
    expect(intentOf('0:00 intro 3:48 what is a heap? 7:25 graphs 11:02 tries')).toBe('Opinion');
    expect(intentOf('Wow, another 10 minute intro, just what I needed')).toBe('Criticism');
    expect(intentOf('Not bad at all')).toBe('Praise');
    expect(intentOf('How is this guy not famous yet?')).toBe('Praise');
    expect(intentOf('@Mike so?')).toBe('Opinion');
    expect(intentOf('bhai next video kab aayega')).toBe('Request');
    expect(intentOf('muy buen video')).toBe('Praise');
  });
  it('reads Hinglish (Hindi in Latin letters) asks, praise and complaints', () => {
    expect(intentOf('Bhai please ek video iPhone pe bhi banao')).toBe('Request');
    expect(intentOf('Bhai aapka video bahut accha laga')).toBe('Praise');
    expect(intentOf('Kya mast video hai bhai, maza aa gaya')).toBe('Praise');
    expect(intentOf('Bahut bekar video hai, time waste')).toBe('Criticism');
    // small talk among viewers stays an Opinion
    expect(intentOf('Main bhi yahi soch raha tha')).toBe('Opinion');
  });
  it('reads praise and complaints in Russian, Hindi, Bengali, Arabic, Persian, Vietnamese, Indonesian, Tagalog and Thai', () => {
    // real comments that had been Opinion: "very nice game, really had fun", "amazing", "mashallah"
    for (const t of [
      'बहुत बढ़िया गेम, वाकई बड़ा मजा आया',
      'অসাধারণ ভিডিও',
      'ماشاءالله تبارك الرحمن جدا فيديو ممتاز',
      'رائع جدا الله يسعدك',
      'عالی بود',
    ])
      expect(intentOf(t)).toBe('Praise');
    // Russian praise the cues had missed (real comments): "great", "well done" (plural), "looks very
    // appetizing", "cuteness!", "keep it up"; not "not tasty"
    for (const t of [
      'О новый микс, кайф',
      'Хорошие фокусы,главное что веселые.молодцы!',
      'Очень аппетитно выглядит',
      'Милота!🙂',
      'продолжай в том же духе дружище!',
    ])
      expect(intentOf(t)).toBe('Praise');
    for (const t of ['невкусно', 'не вкусно совсем']) expect(intentOf(t)).not.toBe('Praise');
    // thanks and praise in Vietnamese, Indonesian, Tagalog and Thai (real comments, Opinion before)
    for (const t of [
      'Cảm ơn anh Luân. Kiến thức này rất thú vị và hữu ích',
      'Đó giờ cx thắc mắc, một video quá hay',
      'Terima kasih infonya kak',
      'Ang galing mo po',
      'ขอบคุณมากครับ',
    ])
      expect(intentOf(t)).toBe('Praise');
    for (const t of ['यह बहुत बकवास है', 'बेकार वीडियो', 'فيديو ممل'])
      expect(intentOf(t)).toBe('Criticism');
    // a "not" before (Arabic) or after (Hindi) the word
    expect(intentOf('ليس مملا')).not.toBe('Criticism');
    expect(intentOf('यह बकवास नहीं है')).not.toBe('Criticism');
    // the learned model sends comments without a Latin letter to its words-only half, which reads the cues
    expect(classifyIntents(['बहुत बढ़िया गेम, वाकई बड़ा मजा आया', 'رائع جدا الله يسعدك'])).toEqual([
      'Praise',
      'Praise',
    ]);
  });
  it('reads common praise and complaints in Portuguese, German, French, Spanish and Indonesian', () => {
    for (const t of ['Muito bom o vídeo', 'Sehr gutes Video', 'Très bonne vidéo', 'Molto bello'])
      expect(intentOf(t)).toBe('Praise');
    for (const t of ['Qué aburrido', 'Video jelek banget', 'Langweilig', 'Péssimo vídeo'])
      expect(intentOf(t)).toBe('Criticism');
    // cues that begin or end in a letter outside ASCII, where a regex \b sees no word edge
    expect(intentOf('No me gustó el video')).toBe('Criticism');
    expect(intentOf('Çok güzel olmuş')).toBe('Praise');
    expect(intentOf('Świetny film')).toBe('Praise');
    expect(intentOf('Haz más videos así')).toBe('Request');
    // the learned model reads the same cues: praise in another language is praise
    expect(classifyIntents(['Muito bom o vídeo', 'Sehr gutes Video'])).toEqual([
      'Praise',
      'Praise',
    ]);
  });
  it('reads questions, requests and complaints in other languages and scripts', () => {
    // full-width and Arabic question marks; Chinese and Japanese put no spaces between words
    for (const t of [
      'これは何ですか？',
      '这是什么？',
      'ما هذا؟',
      '이게 뭐예요?',
      '次の動画はいつですか',
      '请问这首歌叫什么',
    ])
      expect(intentOf(t)).toBe('Question');
    for (const t of ['もっと作ってください', '请多做一些视频', '다음 편도 만들어 주세요'])
      expect(intentOf(t)).toBe('Request');
    // Tagalog (real comments): "play Naruto again please", "cook bicol express … and a shout-out",
    // "shout-out please, idol, it's a delight to watch you eat"
    for (const t of [
      'Kuya Ash Laro Ka Po Ulit Naruto Shippuden Ultimate Ninja Storm 4',
      'Sarap ng ulam ninyo mga idol magluto naman kayo ng bicol express at pa shout out',
      'Shout out idol,ang sarap mo tingnan kumain idol rolf nakaka gutom',
    ])
      expect(intentOf(t)).toBe('Request');
    // Vietnamese (real comments): "episode 6 please", "hope you make the series", "give me the
    // modpack's name", "can you put the mod's link in the description?"
    for (const t of [
      'Làm nốt tập 6 luôn đi anhhh. Đợi mãi😍🥰',
      'mong anh làm seri bí kiếp luyện rồng',
      'anh ơi cho em xin tên modpack đi ❤',
      'Anh để link mod ở mô tả được ko',
      'Hay lắm anh,làm 400 ngày luôn điii anhh:3',
    ])
      expect(intentOf(t)).toBe('Request');
    // an imperative to someone else, and a hope about someone else, ask the creator nothing
    expect(
      intentOf('ông nào nghĩ ra giả thuyết này nên đi làm thám tử đi , không thì uổng lắm'),
    ).not.toBe('Request');
    expect(intentOf('mong Mono sẽ xem được reaction và cải thiện')).not.toBe('Request');
    // thanks for a shout-out given, and the "sana all" meme, ask nothing
    expect(intentOf('Thank you nga pala sa pa shout out mga kahabhab')).not.toBe('Request');
    expect(intentOf('sana all mga idol')).not.toBe('Request');
    // Tagalog food praise: "so delicious", "it's a delight to watch you eat"
    for (const t of ['Ang sarap ng luto nyo', 'Ang sarap ninyong panuoring kumain ng king crab'])
      expect(intentOf(t)).toBe('Praise');
    for (const t of ['这个视频太无聊了', 'つまらない', '최악의 영상'])
      expect(intentOf(t)).toBe('Criticism');
    // a lone mark, one character, or "申请" (to apply) asks nothing; "my channel" is self-promotion
    for (const t of ['？', 'え？', '申请', '私のチャンネルも見てください'])
      expect(intentOf(t)).toBe('Opinion');
    // asking viewers to watch or subscribe is self-promotion, not a request; a story's "bored" no complaint
    for (const t of ['チャンネル登録お願いします', '구독 좋아요 눌러주세요', '请订阅我的频道'])
      expect(intentOf(t)).not.toBe('Request');
    expect(intentOf('大家无聊就一起写了数学考试')).toBe('Opinion');
    // "。" ends a sentence: a long Japanese comment's question early on ("I wondered how it would
    // go?") is no question to answer, as in a long English one
    const story =
      '昨日この動画を初めて見ました。最初はどうなるのかな？と思いながら見ていましたが、最後まで見て本当に感動しました。' +
      '音楽も映像もとても綺麗で、何度も繰り返し見てしまいました。家族にも見せたら、みんな喜んでいました。';
    expect(classifyIntent(story).matched).not.toContain('Question');
    expect(classifyIntent(`${story}次の動画はいつですか？`).matched).toContain('Question');
    // asks in Spanish, Portuguese, French, German, Indonesian, Hindi and Arabic, as questions too;
    // "tu fais des vidéos" ("you make videos") tells, it does not ask
    const asks = [
      'Podrías hacer un video de Minecraft?',
      'Faz um vídeo sobre o iPhone 15',
      'Pourrais-tu faire une vidéo sur Paris ?',
      'Kannst du ein Video über Berlin machen?',
      'Bisa bikin video tentang masak?',
      'Sigue haciendo videos así',
      '¿Cuándo sale la segunda parte?',
      'कृपया अगला वीडियो बनाइए',
      'من فضلك اعمل فيديو عن',
    ];
    expect(asks.map(intentOf)).toEqual(asks.map(() => 'Request'));
    expect(classifyIntents(asks)).toEqual(asks.map(() => 'Request'));
    expect(intentOf("Je t'adore tu fais des vidéos trop bien")).toBe('Praise');
    expect(intentOf('Подскажите название песни')).toBe('Question');
    // "keep it up" is praise in English and in other languages
    for (const t of ['Continua così!', 'epico bro sigue asi', 'Mach weiter so'])
      expect(intentOf(t)).toBe('Praise');
    // the learned models cannot read these scripts: the rules' request and complaint stand
    const texts = ['もっと作ってください', '请多做一些视频', 'つまらない', 'これは何ですか？'];
    expect(classifyIntents(texts)).toEqual(['Request', 'Request', 'Criticism', 'Question']);
  });
  it('self-promotion is not a request to the creator', () => {
    expect(intentOf('please everybody visit my channel i am new youtuber')).toBe('Opinion');
  });
  it('unreadable non-English text falls back to Opinion', () => {
    expect(intentOf('Talvez tenha sido morta pelos próprios russos')).toBe('Opinion');
  });
  it('reports the cue that fired', () => {
    expect(classifyIntent('Please make more tutorials').evidence.Request).toMatch(/please/);
  });
});

describe('classifyIntent: malformed input', () => {
  it.each(['', '   \n\t ', '🙂', '🤷‍♂️🤷‍♂️'])('never throws and returns one intent for %j', (t) => {
    const r = classifyIntent(t);
    expect(['Request', 'Praise', 'Criticism', 'Question', 'Opinion']).toContain(r.intent);
    expect(r.matched.length).toBeGreaterThan(0);
  });
  it('empty and whitespace are Opinion', () => {
    expect(intentOf('')).toBe('Opinion');
    expect(intentOf('   ')).toBe('Opinion');
  });
  it('handles a 10,000-character comment', () => {
    const long = 'Great tutorial. '.repeat(400) + 'x'.repeat(3600);
    expect(long.length).toBeGreaterThanOrEqual(10_000);
    expect(intentOf(long)).toBe('Praise');
  });
  it('tolerates a non-string at runtime (JS callers)', () => {
    expect(intentOf(undefined as unknown as string)).toBe('Opinion');
  });
});

describe('classifyIntents (learned model)', () => {
  it('keeps input order; vectors of another embedder or length are not read', () => {
    const texts = ['What mic do you use?', 'Please do a part 2', 'Love this ❤️'];
    const expected = ['Question', 'Request', 'Praise'];
    expect(classifyIntents(texts)).toEqual(expected);
    // a 4-dimensional vector cannot be USE-lite's, and an unknown embedder's 512 dims mean something else
    const short = texts.map(() => new Float32Array(4).fill(1));
    expect(
      classifyIntents(texts, {
        vectors: short,
        embedder: 'onnx:universal-sentence-encoder-lite:q8',
      }),
    ).toEqual(expected);
    const other = texts.map(() => new Float32Array(512).fill(10));
    expect(
      classifyIntents(texts, { vectors: other, embedder: 'openai:text-embedding-3-small' }),
    ).toEqual(expected);
    expect(classifyIntents([])).toEqual([]);
  });

  it('reads USE-lite vectors when that embedder made them', () => {
    // a vector pointing along the model's Question direction makes a plain "ok" a Question
    const m = INTENT_MODEL_USE;
    const vector = vectorAlong(m, 'Question');
    expect(classifyIntents(['ok'])).toEqual(['Opinion']);
    expect(
      classifyIntents(['ok'], {
        vectors: [vector],
        embedder: 'embedded:universal-sentence-encoder-lite:q8',
      }),
    ).toEqual(['Question']);
    expect(() => predictIntent(m, 'ok', new Float32Array(3))).toThrow(/512-dimensional/);
    // USE-lite gives every text without a Latin letter (nearly) one and the same vector: the
    // words-only model answers, from the emoji and words it knows
    const unread = ['🔥🔥🔥', '👍', '❤️', '👎', 'すごい動画です', 'Отличное видео, спасибо!'];
    const withVectors = classifyIntents(
      unread,
      sameVectorFor(unread, vector, 'embedded:universal-sentence-encoder-lite:q8'),
    );
    expect(withVectors).toEqual(classifyIntents(unread));
    expect(withVectors.slice(0, 4)).toEqual(['Praise', 'Praise', 'Praise', 'Criticism']);
  });

  it('reads complaints in other languages as Criticism whatever the model says', () => {
    // a vector along the model's Praise direction: the model alone calls every text Praise
    const praise = vectorAlong(INTENT_MODEL_USE, 'Praise');
    const use = (texts: string[]) => classifyIntents(texts, sameVectorFor(texts, praise));
    expect(use(['Great video'])).toEqual(['Praise']);
    const complaints = [
      'No me gustó el video',
      'Pésimo video',
      'que video tan malo',
      'Muito ruim esse vídeo',
      'Ce vidéo est nul',
      'Das Video ist langweilig',
      'Non mi è piaciuto per niente',
      'Bu video çok kötü',
      'Слишком скучно',
    ];
    expect(use(complaints)).toEqual(complaints.map(() => 'Criticism'));
    expect(classifyIntents(complaints)).toEqual(complaints.map(() => 'Criticism'));
    // negated, or a narrative's "bad things": no complaint
    const not = ['no es aburrido', 'Das Video ist nicht langweilig', 'kötü bir şeyler yaşamış'];
    expect(use(not)).toEqual(not.map(() => 'Praise'));
  });

  it('follows the guideline on its examples, precedence included', () => {
    const cases: [string, Intent][] = [
      ['Great video! Please do part 2', 'Request'],
      ['Can you make a video on React hooks?', 'Request'],
      ['What mic do you use?', 'Question'],
      ['Loved it, but what mic do you use?', 'Question'],
      ['The audio is terrible', 'Criticism'],
      ['Great tutorial, thank you!', 'Praise'],
      ['Love this channel ❤️', 'Praise'],
      ["I've had this phone for 2 years", 'Opinion'],
      ['First', 'Opinion'],
    ];
    expect(classifyIntents(cases.map(([t]) => t))).toEqual(cases.map(([, i]) => i));
  });
});

describe('clusterCategory', () => {
  const many = (i: Intent, n: number): Intent[] => Array.from({ length: n }, () => i);
  it('a quarter of Requests makes a Request cluster even when Opinion is the plurality', () => {
    expect(
      clusterCategory([...many('Request', 25), ...many('Opinion', 60), ...many('Praise', 15)]),
    ).toBe('Request');
  });
  it('below the thresholds the plurality wins', () => {
    expect(
      clusterCategory([...many('Request', 10), ...many('Opinion', 30), ...many('Praise', 60)]),
    ).toBe('Praise');
    expect(
      clusterCategory([...many('Criticism', 20), ...many('Opinion', 50), ...many('Praise', 30)]),
    ).toBe('Opinion');
  });
  it('Criticism and Question need 30%', () => {
    expect(clusterCategory([...many('Criticism', 30), ...many('Praise', 70)])).toBe('Criticism');
    expect(clusterCategory([...many('Question', 29), ...many('Praise', 71)])).toBe('Praise');
  });
  it('several actionable intents above threshold: the larger share wins', () => {
    expect(
      clusterCategory([...many('Request', 30), ...many('Question', 40), ...many('Opinion', 30)]),
    ).toBe('Question');
  });
  it('likes weigh comments (log-scaled)', () => {
    const intents: Intent[] = ['Criticism', 'Praise', 'Praise', 'Praise'];
    expect(clusterCategory(intents)).toBe('Praise');
    expect(clusterCategory(intents, [5000, 0, 0, 0])).toBe('Criticism');
  });
  it('empty cluster is Opinion; ties follow precedence', () => {
    expect(clusterCategory([])).toBe('Opinion');
    expect(clusterCategory(['Praise', 'Opinion'])).toBe('Praise');
  });
});

describe('classificationReport', () => {
  it('computes accuracy, per-class F1 and the confusion matrix', () => {
    const r = classificationReport(['a', 'a', 'b', 'b'], ['a', 'b', 'b', 'b'], ['a', 'b'] as const);
    expect(r.accuracy).toBe(0.75);
    expect(r.perClass.a.precision).toBe(1);
    expect(r.perClass.a.recall).toBe(0.5);
    expect(r.perClass.b.f1).toBeCloseTo(0.8);
    expect(r.confusion.a.b).toBe(1);
    expect(r.macroF1).toBeCloseTo((2 / 3 + 0.8) / 2);
  });
});
