/**
 * The order list's query on the run's engine, over seeded orders: keyset paging gives every order
 * once, in order, across pages and across orders of one instant; each filter gives exactly the
 * orders that match it; and, on SQLite, the plan of each filter reads an index of migration 0011
 * (no full scan of the orders, no sort of them all), on PostgreSQL each row's payments are read by
 * its order (never the whole payment table): checks that fail without timing anything.
 *
 * @engines sqlite postgres: the order list's queries and their plans are the engine's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { openTestDatabase, testEngine } from "../testing/test-database";
import {
  paymentStateOf,
  decodeCursor,
  encodeCursor,
  explainOrderList,
  listOrders,
  prefixEnd,
  type OrderListFilter,
  type OrderListRow,
} from "./order-list-query";
import { seedBackOffice } from "./seed-database";

let database: Database;
/** Every seeded order as the list shows it, newest first (read with one big page per 100). */
let all: OrderListRow[] = [];

async function everyPage(filter: OrderListFilter): Promise<OrderListRow[]> {
  const rows: OrderListRow[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await listOrders(database.q, { ...filter, after });
    rows.push(...page.rows);
    if (!page.next) return rows;
    after = page.next;
  }
  throw new Error("the pages never ended");
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedBackOffice(database, {
    orders: 400,
    submissions: 0,
    now: new Date("2026-06-01T12:00:00.000Z"),
    seed: 7,
  });
  all = await everyPage({ limit: 100 });
});

afterAll(async () => {
  await database?.close();
});

describe("keyset paging", () => {
  it("gives every order once, newest first, with orders of one instant ordered by id", async () => {
    expect(all).toHaveLength(400);
    const createdAt = all.map((r) => r.createdAt);
    // The seed makes some orders share an instant: the pages must cut through such a tie.
    expect(new Set(createdAt).size).toBeLessThan(400);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(
        a.createdAt > b.createdAt ||
          (a.createdAt === b.createdAt && a.id > b.id),
      ).toBe(true);
    }
  });

  it("small pages give the same orders as one big one: no gap, no repeat, across ties", async () => {
    const paged = await everyPage({ limit: 7 });
    expect(paged.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const tie = all.findIndex(
      (r, i) => i > 0 && all[i - 1]!.createdAt === r.createdAt,
    );
    expect(tie).toBeGreaterThan(0);
    // A page that ends inside a tie: the next starts with the tie's next order.
    const first = await listOrders(database.q, { limit: tie });
    const next = await listOrders(database.q, { limit: 3, after: first.next! });
    expect(next.rows[0]!.id).toBe(all[tie]!.id);
  });

  it("says there is no next page on the last one", async () => {
    const page = await listOrders(database.q, {
      limit: 100,
      after: encodeCursor({ createdAt: all[350]!.createdAt, id: all[350]!.id }),
    });
    expect(page.rows.map((r) => r.id)).toEqual(all.slice(351).map((r) => r.id));
    expect(page.next).toBeNull();
  });

  it("refuses a cursor that is not one with the field named", () => {
    for (const bad of [
      "abc",
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from('["2026-01-01", 1]').toString("base64url"),
      Buffer.from('["2026-01-01T00:00:00.000Z", -1]').toString("base64url"),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(
        expect.objectContaining({
          status: 400,
          fields: { after: expect.any(String) },
        }),
      );
    }
  });
});

describe("filters", () => {
  it("status, dealer and a date range give exactly the orders that match", async () => {
    expect(await everyPage({ status: "complete" })).toEqual(
      all.filter((r) => r.status === "complete"),
    );
    expect(await everyPage({ dealer: "demo-dealer" })).toEqual(
      all.filter((r) => r.dealerOrigin === "demo-dealer"),
    );
    const from = "2025-09-01";
    const to = "2025-12-31";
    const inRange = all.filter(
      (r) => r.createdAt >= from && r.createdAt < "2026-01-01",
    );
    expect(inRange.length).toBeGreaterThan(0);
    expect(await everyPage({ from, to })).toEqual(inRange);
    await expect(
      listOrders(database.q, { from: to, to: from }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { to: expect.any(String) },
    });
  });

  it("each payment state gives the orders in that state, and they add up to all", async () => {
    let total = 0;
    for (const payment of [
      "unpaid",
      "pending",
      "partially_paid",
      "paid",
      "refund_due",
    ] as const) {
      const rows = await everyPage({ payment });
      expect(rows).toEqual(all.filter((r) => r.paymentState === payment));
      total += rows.length;
    }
    expect(total).toBe(all.length);
    expect(all.some((r) => r.paymentState === "paid")).toBe(true);
    expect(all.some((r) => r.paymentState === "partially_paid")).toBe(true);
  });

  it("finds an order by its number, with or without #", async () => {
    const order = all[123]!;
    expect(
      (await listOrders(database.q, { search: order.incrementId })).rows.map(
        (r) => r.id,
      ),
    ).toEqual([order.id]);
    expect(
      (
        await listOrders(database.q, { search: `#${order.incrementId}` })
      ).rows.map((r) => r.id),
    ).toEqual([order.id]);
    expect(
      (await listOrders(database.q, { search: "999999999" })).rows,
    ).toEqual([]);
  });

  it("finds by the beginning of an e-mail in any case, and by first and last name", async () => {
    const capitalised = all.find((r) => /[A-Z]/.test(r.email))!;
    expect(capitalised).toBeDefined();
    const prefix = capitalised.email.slice(
      0,
      capitalised.email.indexOf("@") + 1,
    );
    const expected = all.filter((r) =>
      r.email.toLowerCase().startsWith(prefix.toLowerCase()),
    );
    expect(await everyPage({ search: prefix.toUpperCase() })).toEqual(expected);

    const someone = all[10]!;
    const byName = await everyPage({
      search: `${someone.firstName.slice(0, 3).toLowerCase()} ${someone.lastName.slice(0, 2).toUpperCase()}`,
    });
    expect(byName.map((r) => r.id)).toContain(someone.id);
    expect(
      byName.every(
        (r) =>
          r.firstName
            .toLowerCase()
            .startsWith(someone.firstName.slice(0, 3).toLowerCase()) &&
          r.lastName
            .toLowerCase()
            .startsWith(someone.lastName.slice(0, 2).toLowerCase()),
      ),
    ).toBe(true);

    const word = someone.lastName.toLowerCase();
    expect(await everyPage({ search: word })).toEqual(
      all.filter((r) =>
        [r.firstName, r.lastName, r.email].some((v) =>
          v.toLowerCase().startsWith(word),
        ),
      ),
    );
  });

  it("a search with LIKE wildcards or quotes is a plain text", async () => {
    expect(
      (await listOrders(database.q, { search: "%' or 1=1 --" })).rows,
    ).toEqual([]);
    expect((await listOrders(database.q, { search: "_" })).rows).toEqual([]);
  });
});

describe("parts", () => {
  it("prefixEnd is just above every text with the prefix", () => {
    expect(prefixEnd("abc")).toBe("abd");
    expect("abc\u{10ffff}" < prefixEnd("abc")).toBe(true);
    expect("abd" < prefixEnd("abc")).toBe(false);
  });

  it("paymentStateOf follows the order view, with a refund due first", () => {
    expect(
      paymentStateOf({
        paidCents: 0,
        totalCents: 100,
        refundDue: false,
        waiting: false,
        refundedCents: 0,
        refundRequested: false,
      }),
    ).toBe("unpaid");
    expect(
      paymentStateOf({
        paidCents: 0,
        totalCents: 100,
        refundDue: false,
        waiting: true,
        refundedCents: 0,
        refundRequested: false,
      }),
    ).toBe("pending");
    expect(
      paymentStateOf({
        paidCents: 50,
        totalCents: 100,
        refundDue: false,
        waiting: false,
        refundedCents: 0,
        refundRequested: false,
      }),
    ).toBe("partially_paid");
    expect(
      paymentStateOf({
        paidCents: 150,
        totalCents: 100,
        refundDue: false,
        waiting: false,
        refundedCents: 0,
        refundRequested: false,
      }),
    ).toBe("paid");
    expect(
      paymentStateOf({
        paidCents: 150,
        totalCents: 100,
        refundDue: true,
        waiting: false,
        refundedCents: 0,
        refundRequested: false,
      }),
    ).toBe("refund_due");
    expect(paymentStateOf({ paidCents: 150, totalCents: 150, refundDue: false, waiting: false, refundedCents: 0, refundRequested: true })).toBe("refund_requested");
    expect(paymentStateOf({ paidCents: 150, totalCents: 150, refundDue: false, waiting: false, refundedCents: 50, refundRequested: false })).toBe("partially_refunded");
    expect(paymentStateOf({ paidCents: 150, totalCents: 150, refundDue: false, waiting: false, refundedCents: 150, refundRequested: false })).toBe("refunded");
  });
});

// Each engine's planner speaks its own words: the suite on SQLite (unit) reads SQLite's plan, the
// suite on PostgreSQL (server-postgres) PostgreSQL's. Defined per engine, so nothing is skipped.
const describePlan =
  testEngine() === "sqlite" ? describeSqlitePlan : describePostgresPlan;
describePlan();

function describeSqlitePlan(): void {
  describe("SQLite's plan reads the indexes of migration 0011", () => {
    const after = encodeCursor({
      createdAt: "2025-06-01T00:00:00.000Z",
      id: 50_000,
    });
    const cases: [string, OrderListFilter, RegExp][] = [
      ["the first page", {}, /USING INDEX sales_order_created\b/],
      [
        "a later page",
        { after },
        /SEARCH sales_order USING INDEX sales_order_created \(/,
      ],
      [
        "a status",
        { status: "shipped", after },
        /SEARCH sales_order USING INDEX sales_order_status_created \(status=\? AND/,
      ],
      [
        "a dealer",
        { dealer: "demo-dealer" },
        /SEARCH sales_order USING INDEX sales_order_dealer_created \(dealer_origin=\?\)/,
      ],
      [
        "a date range",
        { from: "2025-01-01", to: "2025-01-31" },
        /SEARCH sales_order USING INDEX sales_order_created \(created_at>\? AND created_at<\?\)/,
      ],
      [
        "an order number",
        { search: "#100000123" },
        /SEARCH sales_order USING INDEX sqlite_autoindex_sales_order_\d+ \(increment_id=\?\)/,
      ],
      [
        "an e-mail",
        { search: "Jane.Doe@" },
        /SEARCH sales_order USING INDEX sales_order_email_key/,
      ],
      [
        "a first and last name",
        { search: "jane do" },
        /SEARCH sales_order USING INDEX sales_order_(first|last)_name_key/,
      ],
    ];

    it.each(cases)("%s", async (_name, filter, index) => {
      const plan = await explainOrderList(database.q, filter);
      expect(plan.join("\n")).toMatch(index);
      // Never every order read, nor every order sorted: only a search's few matches may be.
      expect(plan.some((line) => /^SCAN sales_order$/.test(line))).toBe(false);
      if (!filter.search)
        expect(plan.some((line) => line.includes("TEMP B-TREE"))).toBe(false);
      // Each row's payments are read from the covering index, never by a scan.
      expect(
        plan.filter((line) =>
          /SEARCH p USING COVERING INDEX payment_order_status_amount/.test(
            line,
          ),
        ).length,
      ).toBeGreaterThan(0);
    });

    it("a single word searches the three indexes at once", async () => {
      const plan = (
        await explainOrderList(database.q, { search: "smith" })
      ).join("\n");
      expect(plan).toContain("MULTI-INDEX OR");
      for (const index of [
        "sales_order_first_name_key",
        "sales_order_last_name_key",
        "sales_order_email_key",
      ])
        expect(plan).toContain(index);
    });
  });
}

function describePostgresPlan(): void {
  describe("PostgreSQL's plan reads each page's payments by order", () => {
    it.each([
      ["the first page", {}],
      ["a status", { status: "shipped" }],
      [
        "a later page",
        {
          after: encodeCursor({
            createdAt: "2025-06-01T00:00:00.000Z",
            id: 50_000,
          }),
        },
      ],
    ] as [string, OrderListFilter][])("%s", async (_name, filter) => {
      const plan = (await explainOrderList(database.q, filter)).join("\n");
      // A subquery of the select list run as a hashed subplan reads the whole payment table at every request.
      expect(plan).not.toMatch(/Seq Scan on payment\s/);
      expect(plan).not.toMatch(/hashed SubPlan/);
      expect(plan).toMatch(
        /Index (Only )?Scan using payment_order\w* on payment p\b/,
      );
    });
  });
}
