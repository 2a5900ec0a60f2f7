import { describe, expect, it } from 'vitest';
import { countOf, stagesOf } from './status';

describe('status filters of the manuscript list', () => {
  it('turns a group or a stage into stages, anything else into no filter', () => {
    expect(stagesOf('todo')).toEqual(['revision', 'proof', 'payment']);
    expect(stagesOf('revision')).toEqual(['revision']);
    expect(stagesOf('all')).toBeNull();
    expect(stagesOf('drop table')).toBeNull();
    expect(stagesOf(null)).toBeNull();
  });

  it('counts a filter from statusCounts', () => {
    const counts = { draft: 2, submitted: 1, revised: 1, revision: 3, payment: 1, retracted: 1 };
    expect(countOf('all', counts)).toBe(9);
    expect(countOf('reviewing', counts)).toBe(2);
    expect(countOf('todo', counts)).toBe(4);
    expect(countOf('accepted', counts)).toBe(0);
    expect(countOf('finished', null)).toBe(0);
  });
});
