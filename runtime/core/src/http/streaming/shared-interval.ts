/**
 * One timer for a duty every open stream has on the same period (a heartbeat, a ping, an idle
 * check) instead of a timer per stream. It runs only while it has members, never keeps the process
 * alive, and visits a member first within one period of joining.
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

  /** The last member out stops the interval. */
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
