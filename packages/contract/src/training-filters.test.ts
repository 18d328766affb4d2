import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRAINING_FILTERS,
  cleanPersonFilter,
  completeTime,
  confidenceColour,
  formatConfidence,
  formatFilterDate,
  isConfirmedClass,
  parseConfidence,
  parseFaceHeight,
  trainingSubtitle,
} from './training-filters.js';

describe('training filter rules (part 2 §5)', () => {
  it('takes a confidence from 0 to 1 in steps of 0.01, and nothing else', () => {
    expect(['0.9', '0.934', '1', '0', ' .5 '].map(parseConfidence)).toEqual([0.9, 0.93, 1, 0, 0.5]);
    expect(['1.01', '-0.1', 'abc', '', '0x1', '1e-1'].map(parseConfidence)).toEqual([null, null, null, null, null, null]);
  });

  it('takes a whole minimum face height; what is not a number becomes 0', () => {
    expect(['40', '40.7', ' 12 ', 'abc', '', '-3'].map(parseFaceHeight)).toEqual([40, 40, 12, 0, 0, 0]);
  });

  it('keeps only non-empty strings in the person filter', () => {
    expect(cleanPersonFilter(['a', '', ' ', 3, null, 'b'])).toEqual(['a', 'b']);
  });

  it('appends :00 to a time given as HH:mm', () => {
    expect(completeTime('09:30')).toBe('09:30:00');
    expect(completeTime('09:30:15')).toBe('09:30:15');
    expect(completeTime('9:30')).toBe('9:30');
  });
});

describe('trainingSubtitle (part 2 §2)', () => {
  const names = {
    camera: (uuid: string) => ({ front: 'Front Entrance Outdoor Camera Number Two', hall: 'Hallway' })[uuid],
    person: (uuid: string) => ({ ada: 'Ada Byron', grace: 'Grace Hopper' })[uuid],
  };

  it('says nothing when no filter is active', () => {
    expect(trainingSubtitle(DEFAULT_TRAINING_FILTERS, names)).toBe('');
  });

  it('sums up the active filters, comma separated, in the spec order', () => {
    expect(
      trainingSubtitle(
        {
          ...DEFAULT_TRAINING_FILTERS,
          cameraUUID: 'front',
          faceHeight: 40,
          faceUUIDs: ['ada', 'grace'],
          confidence: 0.9,
          shapesOnFaces: true,
          clahe: true,
        },
        names,
      ),
    ).toBe('Front Entrance Outdoor Camera …, 40px, 2 Face, ≥ .90, Shapes (CLAHE)');
    expect(
      trainingSubtitle(
        {
          ...DEFAULT_TRAINING_FILTERS,
          cameraUUID: 'hall',
          faceUUIDs: ['ada', ''],
          confidence: 1,
          confidencePredicate: 'lt',
          shapesOnFaces: true,
        },
        names,
      ),
    ).toBe('Hallway, Ada Byron, < 1, Shapes');
  });
});

describe('confidence colours and format (part 2 §5)', () => {
  it('shows two decimals without the leading zero, and 1 as 1', () => {
    expect([0.934, 1, 0.999, 0, 0.5].map(formatConfidence)).toEqual(['.93', '1', '1', '.00', '.50']);
  });

  it('is red below 0.90, yellow below the threshold (0.98 by default), green from it', () => {
    expect([0.89, 0.9, 0.979, 0.98, 1].map((v) => confidenceColour(v))).toEqual(['red', 'yellow', 'yellow', 'green', 'green']);
    expect(confidenceColour(0.96, 0.95)).toBe('green');
  });

  it('counts a confidence above 0.95 as the confirmed class', () => {
    expect([0.95, 0.951].map(isConfirmedClass)).toEqual([false, true]);
  });
});

describe('formatFilterDate (part 2 §9)', () => {
  it('shows New York time, winter and summer', () => {
    expect(formatFilterDate('2023-01-02T20:04:05Z')).toBe('Mon, 01/02/2023, 3:04:05 pm');
    expect(formatFilterDate('2023-07-04T16:00:00Z')).toBe('Tue, 07/04/2023, 12:00:00 pm');
    expect(formatFilterDate(Date.parse('2023-03-12T06:59:59Z'))).toBe('Sun, 03/12/2023, 1:59:59 am');
    expect(formatFilterDate(Date.parse('2023-03-12T07:00:00Z'))).toBe('Sun, 03/12/2023, 3:00:00 am');
  });
});
