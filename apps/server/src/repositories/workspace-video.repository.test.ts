import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { createRepositories, type Repositories } from '.';

const entry = (id: string, publishedAt: string | null, title: string | null = id) => ({
  youtubeVideoId: id,
  title,
  thumbnailUrl: null,
  publishedAt,
});

describeEachDatabase('workspace repositories', (t) => {
  let repos: Repositories;
  let userId: string;
  beforeAll(() => {
    repos = createRepositories(t.db);
  });
  const newUser = async () => {
    const user = await repos.users.create({
      email: `u-${Math.random().toString(36).slice(2)}@example.com`,
      passwordHash: null,
    });
    return user!.id;
  };

  it('keeps the catalogue newest first (unknown dates last, then in the channel order)', async () => {
    userId = await newUser();
    const w = await repos.workspaces.create({ userId, name: 'W' });
    await repos.workspaceVideos.mergeCatalogue(w.id, [
      entry('undated0001', null),
      entry('older000001', '2025-01-01T00:00:00Z'),
      entry('newer000001', '2025-06-01T00:00:00Z'),
      entry('undated0002', null),
    ]);
    const rows = await repos.workspaceVideos.listForWorkspace(w.id);
    expect(rows.map((r) => r.youtubeVideoId)).toEqual([
      'newer000001',
      'older000001',
      'undated0001',
      'undated0002',
    ]);
  });

  it('merges idempotently: updates known videos, keeps stored values the source no longer gives, drops unlisted ones unless added', async () => {
    const uid = await newUser();
    const w = await repos.workspaces.create({ userId: uid, name: 'W' });
    const first = [
      entry('keepme00001', '2025-01-01T00:00:00Z', 'Old title'),
      entry('addedgone01', '2025-01-02T00:00:00Z'),
      entry('dropme00001', '2025-01-03T00:00:00Z'),
    ];
    await repos.workspaceVideos.mergeCatalogue(w.id, first);
    const at = new Date('2025-02-01T00:00:00Z');
    expect(await repos.workspaceVideos.setAdded(w.id, ['addedgone01'], true, at)).toBe(1);
    const before = await repos.workspaceVideos.listForWorkspace(w.id);

    const second = [entry('keepme00001', null, 'New title'), entry('brandnew001', null, null)];
    const { removed } = await repos.workspaceVideos.mergeCatalogue(w.id, second);
    expect(removed).toBe(1);
    const after = await repos.workspaceVideos.listForWorkspace(w.id);
    expect(after.map((r) => [r.youtubeVideoId, r.title, r.isAdded])).toEqual([
      ['addedgone01', 'addedgone01', true],
      ['keepme00001', 'New title', false],
      ['brandnew001', null, false],
    ]);
    const keep = after.find((r) => r.youtubeVideoId === 'keepme00001')!;
    // The same row (id) with its date kept, since the source gave none this time.
    expect(keep.id).toBe(before.find((r) => r.youtubeVideoId === 'keepme00001')!.id);
    expect(keep.publishedAt?.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    await repos.workspaceVideos.mergeCatalogue(w.id, second);
    expect(await repos.workspaceVideos.listForWorkspace(w.id)).toEqual(after);

    // Adding again keeps the first added_at; removing clears it.
    await repos.workspaceVideos.setAdded(w.id, ['addedgone01', 'keepme00001'], true, new Date());
    const added = await repos.workspaceVideos.listAdded(w.id);
    expect(added.find((r) => r.youtubeVideoId === 'addedgone01')!.addedAt).toEqual(at);
    await repos.workspaceVideos.setAdded(w.id, ['addedgone01'], false, new Date());
    expect(
      (await repos.workspaceVideos.listForWorkspace(w.id)).find(
        (r) => r.youtubeVideoId === 'addedgone01',
      )!.addedAt,
    ).toBeNull();
    expect(await repos.workspaceVideos.findMissing(w.id, ['keepme00001', 'nothere0001'])).toEqual([
      'nothere0001',
    ]);
  });

  it("finds the user's workspace of a video: where it is added, the most recently added, then the newest", async () => {
    const uid = await newUser();
    const other = await newUser();
    const a = await repos.workspaces.create({ userId: uid, name: 'A' });
    const b = await repos.workspaces.create({ userId: uid, name: 'B' });
    const c = await repos.workspaces.create({ userId: uid, name: 'C' });
    const foreign = await repos.workspaces.create({ userId: other, name: 'Theirs' });
    for (const w of [a, b, c, foreign])
      await repos.workspaceVideos.mergeCatalogue(w.id, [
        entry('sharedvid01', null),
        entry('catalogue01', null),
      ]);
    await repos.workspaceVideos.setAdded(a.id, ['sharedvid01'], true, new Date('2025-01-01'));
    await repos.workspaceVideos.setAdded(b.id, ['sharedvid01'], true, new Date('2025-03-01'));
    await repos.workspaceVideos.setAdded(foreign.id, ['catalogue01'], true, new Date());
    const homes = await repos.workspaceVideos.findWorkspacesOfVideos(uid, [
      'sharedvid01',
      'catalogue01',
      'nowhere0001',
    ]);
    expect(Object.fromEntries(homes)).toEqual({ sharedvid01: b.id, catalogue01: c.id });
  });

  it('counts an account under a lock and deletes only the owner’s workspace', async () => {
    const uid = await newUser();
    const intruder = await newUser();
    const w = await repos.workspaces.create({ userId: uid, name: 'Mine' });
    expect(await repos.workspaces.countForUser(uid)).toBe(1);
    expect(await repos.workspaces.delete(intruder, w.id)).toBe(false);
    expect(await repos.workspaces.rename(intruder, w.id, 'Taken')).toBeNull();
    expect(await repos.workspaces.findForUser(intruder, w.id)).toBeNull();
    expect((await repos.workspaces.findForUser(uid, w.id))!.name).toBe('Mine');
    expect(await repos.workspaces.delete(uid, w.id)).toBe(true);
    expect(await repos.workspaces.countForUser(uid)).toBe(0);
  });
});
