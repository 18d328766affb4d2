import { describe, expect, it } from 'vitest';
import { isTypingTarget, reviewKeyAction } from './review-keys';

const onList = { tagName: 'LI', getAttribute: () => 'listitem' };
const press = (key: string, extra: object = {}) => reviewKeyAction({ key, target: onList, ...extra });

describe('the review keys', () => {
  it('J and ArrowDown go to the next detection, K and ArrowUp to the previous', () => {
    expect(press('j')).toEqual({ kind: 'next' });
    expect(press('J')).toEqual({ kind: 'next' });
    expect(press('ArrowDown')).toEqual({ kind: 'next' });
    expect(press('k')).toEqual({ kind: 'previous' });
    expect(press('ArrowUp')).toEqual({ kind: 'previous' });
  });

  it('1 to 4 confirm to that candidate; 5 and 0 do nothing', () => {
    expect(['1', '2', '3', '4'].map((key) => press(key))).toEqual([0, 1, 2, 3].map((candidate) => ({ kind: 'confirm', candidate })));
    expect(press('5')).toBeNull();
    expect(press('0')).toBeNull();
  });

  it('X or N Not a Face, V Visitor, U Undo, L Load More; other keys nothing', () => {
    expect(press('x')).toEqual({ kind: 'notAFace' });
    expect(press('n')).toEqual({ kind: 'notAFace' });
    expect(press('v')).toEqual({ kind: 'visitor' });
    expect(press('u')).toEqual({ kind: 'undo' });
    expect(press('l')).toEqual({ kind: 'loadMore' });
    expect(press('q')).toBeNull();
    expect(press('Enter')).toBeNull();
  });

  it('leaves keys with Ctrl, Cmd or Alt to the browser', () => {
    expect(press('j', { ctrlKey: true })).toBeNull();
    expect(press('1', { metaKey: true })).toBeNull();
    expect(press('x', { altKey: true })).toBeNull();
  });

  it('leaves keys typed into fields alone', () => {
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'textarea' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', getAttribute: () => 'option' })).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON', getAttribute: () => null })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(reviewKeyAction({ key: 'j', target: { tagName: 'INPUT' } })).toBeNull();
  });
});
