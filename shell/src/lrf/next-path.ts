// Where to go after login: the page the user came for (`?next=`), if it is a path of this
// console; anything else (other origins, the login page itself) falls back to `/`, which lands
// on the default landing (spec §2).
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/static/lrf' || next.startsWith('/static/lrf/') || next.startsWith('/static/lrf?')) return '/';
  return next;
}
