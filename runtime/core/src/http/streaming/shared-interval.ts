/**
 * One timer for a duty every open stream has on the same period (an event stream's heartbeat, a
 * socket's ping, its idle check) instead of a timer per stream: 10,000 idle sockets cost one
 * interval and a set entry each, not 10,000 timers and their closures. The interval runs only while
 * a member is in the set, and never keeps the process alive. A member's phase is the interval's,
 * not its own: its first visit comes within one period of joining.
 */
export class SharedInterval<Member> {
  private readonly members = new Set<Member>();
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    /** 0: the duty is off, and `add` does nothing. */
    readonly periodMs: number,
    private readonly visit: (member: Member, now: number) => void,
  ) {}

  add(member: Member): void {
    if (this.periodMs === 0) return;
    this.members.add(member);
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.tick(), this.periodMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  /** Removes a member (idempotent); the last one out stops the interval. */
  delete(member: Member): void {
    if (!this.members.delete(member) || this.members.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const now = Date.now();
    // A visit may remove its member (a socket dropped): a Set's iteration allows that.
    for (const member of this.members) this.visit(member, now);
  }
}
