/** What the browser may know about the signed-in user: never the backend token. */
export interface PublicUser {
  username: string;
  headImgUrl: string | null;
  type: number | null;
}

export interface PublicSession {
  currentUser: PublicUser | null;
  currentRole: { id: string; type: number } | null;
  employeeType: number | null;
  unreadCount: number;
}
