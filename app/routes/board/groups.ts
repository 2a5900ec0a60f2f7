import type { BoardMember } from '~/backend/endpoints/board.server';

export interface RoleGroup {
  role: string;
  roleLevel: number;
  members: BoardMember[];
}

/**
 * Members grouped by role in rank order (1 主编, 2 副主编, 3 编委 …), each group in board
 * order. A role's name is the one its first member carries.
 */
export function groupByRole(members: readonly BoardMember[]): RoleGroup[] {
  const groups = new Map<number, RoleGroup>();
  for (const member of members) {
    let group = groups.get(member.roleLevel);
    if (!group) groups.set(member.roleLevel, (group = { role: member.role, roleLevel: member.roleLevel, members: [] }));
    group.members.push(member);
  }
  const inBoardOrder = (a: BoardMember, b: BoardMember) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);
  return [...groups.values()].sort((a, b) => a.roleLevel - b.roleLevel).map((group) => ({ ...group, members: [...group.members].sort(inBoardOrder) }));
}
