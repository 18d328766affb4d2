import { describe, expect, it } from 'vitest';
import {
  MODEL_TEXTS,
  currentModelView,
  formatModelDate,
  identityView,
  loadAction,
  modelAccess,
  modelLabelTime,
  modelStatus,
  percentText,
  progressPercent,
  thresholdText,
  withTrainingProgress,
} from './model-view';
import { currentReply, identityFixture, modelFixture, trainingModelFixture } from './model.fixture';

const UTC = { locale: 'en-US', timeZone: 'UTC' };

describe('model labels', () => {
  it('reads a label as the UTC instant it names', () => {
    expect(modelLabelTime('2026-11-20-15-04-05')).toBe(Date.parse('2026-11-20T15:04:05Z'));
    expect(modelLabelTime('20261120')).toBeNaN();
  });

  it('formats the creation date for people, in the zone asked for', () => {
    expect(formatModelDate('2026-11-20-15-04-05', UTC)).toBe('Nov 20, 2026, 3:04 PM');
    expect(formatModelDate('2026-11-20-15-04-05', { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Nov 20, 2026, 10:04 AM');
    expect(formatModelDate('not a label', UTC)).toBe('not a label');
  });
});

describe('figures', () => {
  it('percentages with two decimals, a dash before the model is measured', () => {
    expect(percentText(0.93456)).toBe('93.46%');
    expect(percentText(1)).toBe('100.00%');
    expect(percentText(null)).toBe('—');
  });

  it('the threshold with two decimals', () => {
    expect(thresholdText(0.625)).toBe('0.63');
    expect(thresholdText(null)).toBe('—');
  });

  it('progress as a whole percentage, kept within 0..100', () => {
    expect(progressPercent(0.426)).toBe(43);
    expect(progressPercent(-0.1)).toBe(0);
    expect(progressPercent(1.2)).toBe(100);
  });
});

describe('model status', () => {
  it('ready, training with its progress, failed with the reason', () => {
    expect(modelStatus(modelFixture('1', '2026-11-20-15-04-05'))).toEqual({ label: 'Ready', colour: 'green', percent: null, detail: null });
    expect(modelStatus(trainingModelFixture('2', '2026-11-21-09-00-00', 0.5, 'Embedding faces'))).toEqual({
      label: 'Training',
      colour: 'blue',
      percent: 50,
      detail: 'Embedding faces',
    });
    const failed = modelFixture('3', '2026-11-22-09-00-00', { status: 'failed', message: 'Only one person has tags.' });
    expect(modelStatus(failed)).toMatchObject({ label: 'Failed', colour: 'red', detail: 'Only one person has tags.' });
    expect(modelStatus({ ...failed, message: null }).detail).toBe('Training failed.');
  });

  it('the running training lends its latest progress to its row of the list', () => {
    const training = trainingModelFixture('2', '2026-11-21-09-00-00', 0.1, 'Starting');
    const ready = modelFixture('1', '2026-11-20-15-04-05');
    const merged = withTrainingProgress([training, ready], {
      ok: true,
      running: true,
      label: training.label,
      progress: 0.7,
      message: 'Fitting the classifier',
    });
    expect(merged[0]).toMatchObject({ progress: 0.7, message: 'Fitting the classifier' });
    expect(merged[1]).toBe(ready);
    expect(withTrainingProgress([training], { ok: true, running: false, label: null, progress: 0, message: null })[0]).toBe(training);
    expect(withTrainingProgress([training], undefined)[0]).toBe(training);
  });
});

describe('Load', () => {
  it('is hidden for the current model and offered only for a ready one', () => {
    const current = modelFixture('1', '2026-11-20-15-04-05');
    expect(loadAction(current, current.label)).toBe('hidden');
    expect(loadAction(current, null)).toBe('enabled');
    expect(loadAction(trainingModelFixture('2', '2026-11-21-09-00-00', 0.5), current.label)).toBe('disabled');
    expect(loadAction(modelFixture('3', '2026-11-22-09-00-00', { status: 'failed' }), current.label)).toBe('disabled');
  });
});

describe('the current model header', () => {
  it('names the current model and its creation date', () => {
    const model = modelFixture('1', '2026-11-20-15-04-05');
    expect(currentModelView(currentReply(model), UTC)).toEqual({
      text: 'Current model: 2026-11-20-15-04-05 (created Nov 20, 2026, 3:04 PM)',
      waiting: false,
      unused: null,
    });
  });

  it('says when none is selected, or the selected one is not found', () => {
    expect(currentModelView(currentReply(null))).toEqual({ text: MODEL_TEXTS.noCurrent, waiting: false, unused: null });
    expect(currentModelView(currentReply(null, { label: '2026-11-20-15-04-05', applied: true })).text).toBe(
      'The current model (2026-11-20-15-04-05) was not found.',
    );
  });

  it('asks to wait while the loaded model is not applied yet', () => {
    expect(currentModelView(currentReply(modelFixture('1', '2026-11-20-15-04-05'), { applied: false })).waiting).toBe(true);
  });

  it('says why the analyzers will not use a model of another embedder, instead of asking to wait', () => {
    const unused = 'The analyzers of this building will not use this model: …';
    const view = currentModelView(currentReply(modelFixture('1', '2026-11-20-15-04-05'), { applied: false, unused }));
    expect(view).toMatchObject({ waiting: false, unused });
  });
});

describe('identities', () => {
  it("tags as 'validation/training' and the F1 bar's value and colour", () => {
    expect(identityView(identityFixture('1', 'Margaret Hill', { num_tags_validation: 4, num_tags_training: 17, f1_score: 0.91 }))).toEqual({
      uuid: identityFixture('1', 'x').uuid,
      name: 'Margaret Hill',
      category: 'resident',
      tags: '4/17',
      f1: { percent: 91, text: '0.91', colour: 'green' },
      needsTraining: false,
    });
    expect(identityView(identityFixture('2', 'John Baker', { f1_score: 0.7 })).f1?.colour).toBe('yellow');
    expect(identityView(identityFixture('3', 'Rosa Diaz', { f1_score: 0.6 })).f1?.colour).toBe('red');
  });

  it("'Needs Training' below F1 0.8, or without an F1 below 20 tags", () => {
    expect(identityView(identityFixture('1', 'A', { f1_score: 0.79 })).needsTraining).toBe(true);
    expect(identityView(identityFixture('1', 'A', { f1_score: 0.8 })).needsTraining).toBe(false);
    const unmeasured = (training: number) =>
      identityFixture('1', 'A', { f1_score: null, num_tags_validation: 0, num_tags_training: training });
    expect(identityView(unmeasured(19))).toMatchObject({ f1: null, needsTraining: true });
    expect(identityView(unmeasured(20)).needsTraining).toBe(false);
  });
});

describe('access', () => {
  it('train_model opens the content; view_training_progress the progress bar', () => {
    expect(modelAccess({ faces: ['manage_model'] })).toEqual({ canTrain: false, canViewProgress: false });
    expect(modelAccess({ faces: ['manage_model', 'train_model', 'view_training_progress'] })).toEqual({
      canTrain: true,
      canViewProgress: true,
    });
    expect(modelAccess(undefined).canTrain).toBe(false);
  });
});
