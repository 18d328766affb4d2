import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { MODEL_MESSAGES, TRAINING_MESSAGES, formatFilterDate } from '@vigil/contract';
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { DEMO, createDetectorKey, ingest, sessionToken } from '../support/ingest';

// The face training pages (part 2 §2): reviewing detections on /detected, one person's confirmed faces on /confirmed,
// and training and loading a model on /staff/train. The analyzer and other specs add detections to Maple Court all the
// time, so every face here is this spec's own: ingested for people made for this run, and the pages are opened
// filtered to them. Only the model test trains (one training at a time per building); it trains on every confirmed face
// of the building, whichever spec confirmed it. Loading its model leaves the cameras as they were: the model is of this
// spec's embedder, which the analyzers do not use (they keep to their registry photos).
const shots = process.env.E2E_SHOTS;
const EMBEDDER = 'e2e-embedder@1';
const CAMERA = 'Hallway Floor 1 East';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The staff member's API, as the app calls it (Bearer token). */
async function staffApi(page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const ok = async <T>(reply: Awaited<ReturnType<Page['request']['get']>>): Promise<T> => {
    expect(reply.status(), `${reply.url()}: ${await reply.text()}`).toBe(200);
    return (await reply.json()) as T;
  };
  return {
    /** A resident of Maple Court with no photo (so the analyzer never recognises them): their frontend_face_uuid. */
    addResident: async (first: string, last: string): Promise<string> => {
      const face_info = {
        first_name: first,
        last_name: last,
        role: 'resident',
        gender: 'female',
        complexion: 'Other',
        elopement_risk: false,
      };
      const reply = await page.request.post('/api/v6/faces', { headers, data: { domain_uuid: DEMO.maple, face_info } });
      return (await ok<{ frontend_face_uuid: string }>(reply)).frontend_face_uuid;
    },
    confirm: async (runtimeFaceUuids: string[], person: string): Promise<void> => {
      const data = { runtime_face_uuids: runtimeFaceUuids, frontend_face_uuid: person, is_correct: true };
      await ok(await page.request.post('/api/v4/facematchconfirm', { headers, data }));
    },
    /** The runtime_face_uuids of a person's confirmed faces, as the server has them. */
    confirmed: async (person: string): Promise<string[]> => {
      const data = { domain_uuid: DEMO.maple, frontend_face_uuid: person };
      const reply = await ok<{ faces_confirmed: { runtime_face_uuid: string }[] }>(
        await page.request.post('/api/v4/faces/confirmed', { headers, data }),
      );
      return reply.faces_confirmed.map((face) => face.runtime_face_uuid);
    },
    modelLabels: async (): Promise<string[]> => {
      const reply = await page.request.get('/api/v1/training/models', { headers, params: { domain_uuid: DEMO.maple } });
      return (await ok<{ results: { label: string }[] }>(reply)).results.map((model) => model.label);
    },
  };
}

/** A small face drawn on a canvas in the page, as the JPEG (base64) a detector sends as the crop. */
function drawnFace(page: Page, hue: number): Promise<string> {
  return page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const g = canvas.getContext('2d')!;
    g.fillStyle = `hsl(${h} 35% 80%)`;
    g.fillRect(0, 0, 96, 96);
    g.fillStyle = `hsl(${h} 45% 62%)`;
    g.beginPath();
    g.ellipse(48, 50, 28, 36, 0, 0, 2 * Math.PI);
    g.fill();
    g.fillStyle = '#222';
    for (const x of [37, 59]) {
      g.beginPath();
      g.arc(x, 42, 4, 0, 2 * Math.PI);
      g.fill();
    }
    g.fillRect(38, 66, 20, 4);
    return canvas.toDataURL('image/jpeg', 0.9).replace(/^data:image\/jpeg;base64,/, '');
  }, hue);
}

/** 16 float32 numbers near one direction per person (`axis`), a little different for every face. */
function embedding(axis: number, face: number): string {
  const vector = Float32Array.from({ length: 16 }, (_, i) => (i === axis ? 1 : 0) + 0.04 * Math.sin(axis * 5.1 + face * 1.7 + i * 2.3));
  return Buffer.from(vector.buffer).toString('base64');
}

interface IngestedFace {
  id: string;
  /** ISO UTC, whole seconds */
  at: string;
}

/**
 * `count` faces on Maple Court's hallway camera over the last minutes, one every 7 s, each with a crop, an embedding
 * and its candidates; returned newest first, as the review list shows them.
 */
async function ingestFaces(
  page: Page,
  key: string,
  options: { count: number; candidates: { frontend_face_uuid: string; confidence: number }[]; axis: number; hue: number },
): Promise<IngestedFace[]> {
  const crop = await drawnFace(page, options.hue);
  const newest = Math.floor(Date.now() / 1000) * 1000 - 5_000;
  const faces = Array.from({ length: options.count }, (_, i) => ({
    runtime_face_uuid: randomUUID(),
    camera_uuid: DEMO.mapleHallway,
    captured_at: new Date(newest - i * 7_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    // The recognizer named the first candidate for every other face; the rest it only found alike.
    frontend_face_uuid: i % 2 === 0 ? options.candidates[0]!.frontend_face_uuid : null,
    confidence: options.candidates[0]!.confidence,
    candidates: options.candidates,
    face_height: 96,
    face_confidence: 0.99,
    crop,
    embedding: embedding(options.axis, i),
    embedder: EMBEDDER,
  }));
  const reply = (await ingest(page.request, key, { faces })) as { faces: { accepted: number } };
  expect(reply.faces.accepted).toBe(options.count);
  return faces.map((face) => ({ id: face.runtime_face_uuid, at: face.captured_at }));
}

/** Staff hold both buildings: work in Maple Court. */
async function chooseMapleCourt(page: Page) {
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  await expect(picker).not.toHaveValue('');
  if ((await picker.inputValue()) === 'Maple Court') return;
  await picker.click();
  await page.getByRole('option', { name: 'Maple Court', exact: true }).click();
  await expect(picker).toHaveValue('Maple Court');
}

/** At phone width the page fits the screen; with E2E_SHOTS set, the page at 1280x800 and at 390x844. */
async function checkPhoneWidth(page: Page, name: string, phoneReady: (page: Page) => Promise<void>) {
  // The top bar is fixed: a page scrolled by the keys would show it in the middle of a full-page picture.
  if (shots) await page.evaluate(() => window.scrollTo(0, 0));
  if (shots) await page.screenshot({ path: join(shots, `training-${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await phoneReady(page);
  if (shots) await page.evaluate(() => window.scrollTo(0, 0));
  if (shots) await page.screenshot({ path: join(shots, `training-${name}-phone.png`), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 390 px`).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A detection of the review list, known by its capture time (its label ends with it). */
const detection = (list: Locator, face: IngestedFace) => list.getByRole('listitem', { name: formatFilterDate(face.at) });

test('reviewing detections: confirm, undo, the keys, Not a Face and Visitor; the confirmed faces and Remove', async ({ page }) => {
  // Two words: a single 16-letter word would not fit a phone's width in the page title.
  const last = `Review ${unique()}`;
  const ada = `Ada ${last}`;
  const bea = `Bea ${last}`;
  await signIn(page, ACCOUNTS.staff);
  await chooseMapleCourt(page);
  const api = await staffApi(page);
  const [adaId, beaId, key] = await Promise.all([
    api.addResident('Ada', last),
    api.addResident('Bea', last),
    createDetectorKey(page, DEMO.maple),
  ]);
  const faces = await ingestFaces(page, key, {
    count: 6,
    candidates: [
      { frontend_face_uuid: adaId, confidence: 0.93 },
      { frontend_face_uuid: beaId, confidence: 0.71 },
    ],
    axis: 1,
    hue: 20,
  });
  const [f0, f1, f2, f3, f4] = faces as [IngestedFace, IngestedFace, IngestedFace, IngestedFace, IngestedFace];

  // Filtered to Ada: only this run's faces, newest first, each with its crop and both candidates.
  await page.goto(`/detected/${adaId}`);
  await expect(page.getByRole('heading', { name: 'Face Training', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Active filters')).toHaveText(ada);
  const list = page.getByRole('list', { name: 'Detected faces' });
  await expect(list.getByRole('listitem')).toHaveCount(6);
  const times = await list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  expect(times).toEqual(faces.map((face) => `Unconfirmed face at ${CAMERA}, ${formatFilterDate(face.at)}`));
  const first = detection(list, f0);
  await expect(first).toHaveAttribute('aria-current', 'true');
  await expect(first.getByText('Face height 96px')).toBeVisible();
  const crop = first.getByRole('img', { name: `Detected face at ${CAMERA}` });
  await expect
    .poll(() => crop.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: 'the crop shows' })
    .toBe(96);
  const candidates = first.getByRole('group', { name: 'Candidates' });
  await expect(candidates.getByRole('button', { name: `Confirm as ${ada} (.93)`, exact: true })).toBeVisible();
  await expect(candidates.getByRole('button', { name: `Confirm as ${bea} (.71)`, exact: true })).toBeVisible();

  // A click on a candidate confirms the face to them; Undo takes it back.
  await candidates.getByRole('button', { name: `Confirm as ${ada} (.93)` }).click();
  await expect(first).toHaveAccessibleName(`Face of ${ada} at ${CAMERA}, ${formatFilterDate(f0.at)}`);
  await expect(candidates.getByRole('button', { name: `Confirm as ${ada} (.93)` })).toHaveAttribute('aria-pressed', 'true');
  await expect(candidates.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Not a Face', exact: true })).toHaveCount(0);
  await expect(first.getByRole('button', { name: 'Visitor', exact: true })).toHaveCount(0);
  await expect.poll(() => api.confirmed(adaId), { message: 'the server has the confirmation' }).toEqual([f0.id]);
  await first.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(first).toHaveAccessibleName(`Unconfirmed face at ${CAMERA}, ${formatFilterDate(f0.at)}`);
  await expect(first.getByRole('button', { name: 'Not a Face', exact: true })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Visitor', exact: true })).toBeVisible();
  await expect(candidates.getByText('Not this person', { exact: true })).toBeVisible();
  await expect.poll(() => api.confirmed(adaId), { message: 'the server took the confirmation back' }).toEqual([]);
  // 'Answers': the detection's review log keeps both answers, oldest first, with who gave them.
  await first.getByRole('button', { name: 'Answers', exact: true }).click();
  const answers = page.getByRole('list', { name: 'Answers' });
  await expect(answers.getByRole('listitem')).toHaveCount(2);
  await expect(answers.getByRole('listitem').nth(0)).toContainText(`Confirmed as ${ada}`);
  await expect(answers.getByRole('listitem').nth(1)).toContainText(`Not ${ada}`);
  if (shots) await page.screenshot({ path: join(shots, 'training-answers.png') });
  await first.getByRole('button', { name: 'Answers', exact: true }).click();
  await expect(answers).toHaveCount(0);

  // The keys: J next, 1 confirms to the first candidate and moves on, K back.
  await page.keyboard.press('j');
  await expect(detection(list, f1)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('1');
  await expect(detection(list, f1)).toHaveAccessibleName(new RegExp(`^Face of ${ada} at `));
  await expect(detection(list, f2)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('1');
  await expect(detection(list, f2)).toHaveAccessibleName(new RegExp(`^Face of ${ada} at `));
  await expect(detection(list, f3)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('k');
  await expect(detection(list, f2)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('j');
  await expect(detection(list, f3)).toHaveAttribute('aria-current', 'true');
  await expect(list.locator('[aria-current="true"]')).toHaveCount(1);

  // Not a Face takes the detection off the list; Visitor makes a regular visitor of the face.
  await detection(list, f3).getByRole('button', { name: 'Not a Face', exact: true }).click();
  await expect(detection(list, f3)).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await detection(list, f4).getByRole('button', { name: 'Visitor', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: TRAINING_MESSAGES.visitorAdded })).toBeVisible();
  await expect(detection(list, f4).getByText('Visitor added', { exact: true })).toBeVisible();
  await expect(detection(list, f4).getByRole('button', { name: 'Visitor', exact: true })).toHaveCount(0);
  await expect.poll(() => api.confirmed(adaId), { message: 'the server has both keyboard confirmations' }).toHaveLength(2);
  await checkPhoneWidth(page, 'detected', async () => {
    await expect(detection(list, f0).getByRole('img', { name: `Detected face at ${CAMERA}` })).toBeVisible();
  });

  // Ada's confirmed faces: the two confirmed with the keys; Remove takes one off, for good.
  await page.goto(`/confirmed/${adaId}`);
  await expect(page.getByRole('heading', { name: `Confirmed Faces for ${ada}`, level: 1 })).toBeVisible();
  const confirmed = page.getByRole('list', { name: 'Confirmed faces' });
  await expect(confirmed.getByRole('listitem')).toHaveCount(2);
  const card = (face: IngestedFace) =>
    confirmed.getByRole('listitem', { name: `Confirmed face of ${ada}, ${CAMERA}, ${formatFilterDate(face.at)}` });
  await expect(card(f1)).toBeVisible();
  await expect(card(f2).getByRole('img', { name: `Detected face of ${ada}` })).toBeVisible();
  await expect(card(f2).getByRole('link', { name: ada })).toHaveAttribute('href', `/faces/${adaId}`);
  await checkPhoneWidth(page, 'confirmed', async () => {
    await expect(card(f1)).toBeVisible();
  });
  await card(f1).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(card(f1)).toHaveCount(0);
  await expect(confirmed.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(card(f2)).toBeVisible();
  await expect(confirmed.getByRole('listitem')).toHaveCount(1);
});

test('training a new model on the confirmed faces, its identities, and loading it', async ({ page }) => {
  test.setTimeout(90_000);
  const last = `Model ${unique()}`;
  const cal = `Cal ${last}`;
  const dee = `Dee ${last}`;
  await signIn(page, ACCOUNTS.staff);
  await chooseMapleCourt(page);
  const api = await staffApi(page);
  const [calId, deeId, key] = await Promise.all([
    api.addResident('Cal', last),
    api.addResident('Dee', last),
    createDetectorKey(page, DEMO.maple),
  ]);
  const calFaces = await ingestFaces(page, key, {
    count: 10,
    candidates: [{ frontend_face_uuid: calId, confidence: 0.93 }],
    axis: 4,
    hue: 200,
  });
  const deeFaces = await ingestFaces(page, key, {
    count: 8,
    candidates: [{ frontend_face_uuid: deeId, confidence: 0.91 }],
    axis: 9,
    hue: 120,
  });
  // Confirmed as a reviewer would on /detected: the training takes the embedder of most confirmed faces, this spec's.
  await Promise.all([
    api.confirm(
      calFaces.map((face) => face.id),
      calId,
    ),
    api.confirm(
      deeFaces.map((face) => face.id),
      deeId,
    ),
  ]);
  const before = await api.modelLabels();

  await page.goto('/staff/train');
  await expect(page.getByRole('heading', { name: 'Manage Faces System', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New Training Process', exact: true }).click();
  const sure = page.getByRole('dialog', { name: MODEL_MESSAGES.confirmTraining });
  await sure.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(sure).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: MODEL_MESSAGES.trainingStarted })).toBeVisible();

  // The new model is listed at once and shows Ready when its training ends (seconds for a few dozen faces).
  let label = '';
  await expect
    .poll(async () => (label = (await api.modelLabels()).find((l) => !before.includes(l)) ?? ''), { message: 'a new model is listed' })
    .not.toBe('');
  const models = page.getByRole('table', { name: 'Models' });
  const row = models.getByRole('row').filter({ hasText: label });
  await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  // Measured on held-out faces: top-1 and top-5 accuracy.
  await expect(row.getByRole('cell').filter({ hasText: /^\d{1,3}\.\d{2}%$/ })).toHaveCount(2);

  // Its details list the people it knows.
  await row.getByRole('button', { name: `Model details ${label}`, exact: true }).click();
  const details = page.getByRole('dialog', { name: label });
  const identities = details.getByRole('table', { name: 'Identities' });
  await expect(identities.getByRole('row').filter({ hasText: cal })).toBeVisible();
  await expect(identities.getByRole('row').filter({ hasText: dee })).toBeVisible();
  await checkPhoneWidth(page, 'staff-train', async (phone) => {
    await expect(phone.getByRole('list', { name: 'Models' })).toBeVisible();
    await expect(identities.getByRole('row').filter({ hasText: cal })).toBeVisible();
  });

  await details.getByRole('button', { name: 'load model', exact: true }).click();
  await expect(details).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: MODEL_MESSAGES.loaded })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Current model: ${label} \\(created `))).toBeVisible();
  await expect(row.getByText('Current', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Load', exact: true })).toHaveCount(0);
});
