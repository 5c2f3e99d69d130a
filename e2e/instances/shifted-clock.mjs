// Loaded with `node --import` before a built server in the multi-instance tests: moves the process's clock by
// BRADE_TEST_CLOCK_OFFSET_MS, so servers started today can be on the 2nd of a month, when Monthly Summaries go
// out. Every instance gets the same offset, so leases and tokens agree between them; PostgreSQL keeps real time.
const offset = Number(process.env.BRADE_TEST_CLOCK_OFFSET_MS ?? 0);
const RealDate = Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;
