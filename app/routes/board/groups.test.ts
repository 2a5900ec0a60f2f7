import { describe, expect, it } from 'vitest';
import type { BoardMember } from '~/backend/endpoints/board.server';
import { groupByRole } from './groups';

const member = (id: number, role: string, roleLevel: number, order: number | null): BoardMember => ({
  id,
  name: `成员${id}`,
  role,
  roleLevel,
  order,
  institution: '',
  researchFields: [],
  bio: '',
});

describe('groupByRole', () => {
  it('groups members by role in rank order, each group in board order', () => {
    const groups = groupByRole([
      member(5, '编委', 3, 5),
      member(2, '副主编', 2, 3),
      member(1, '主编', 1, 1),
      member(4, '编委', 3, 4),
      member(3, '副主编', 2, 2),
    ]);
    expect(groups.map((g) => [g.role, g.members.map((m) => m.id)])).toEqual([
      ['主编', [1]],
      ['副主编', [3, 2]],
      ['编委', [4, 5]],
    ]);
  });
  it('puts members without an order last in their group, and gives nothing for no members', () => {
    expect(groupByRole([member(1, '编委', 3, null), member(2, '编委', 3, 9)])[0].members.map((m) => m.id)).toEqual([2, 1]);
    expect(groupByRole([])).toEqual([]);
  });
});
