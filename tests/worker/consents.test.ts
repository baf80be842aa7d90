import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { consentTextVersions, privacyContracts } from "../../schema/api/privacy";
import { createDb } from "../../worker/core/db";
import { hasMarketingConsent } from "../../worker/domain/privacy/consents";
import { callContract } from "./helpers";
import { verifiedStudent } from "./factories-chat";

describe("consent records (docs/rules.md, Your data: export, consents, retention)", () => {
  it("keeps every choice: the latest is in force, withdrawing is the same call as giving", async () => {
    const student = await verifiedStudent();
    const fresh = await callContract(privacyContracts.consents, { token: student.token });
    expect(fresh.body).toEqual({ analytics: null, marketing: null, history: [] });
    expect(await hasMarketingConsent(createDb(env), student.user.id)).toBe(false);

    const given = await callContract(privacyContracts.setConsent, {
      token: student.token,
      body: { kind: "marketing", granted: true },
    });
    expect(given.status).toBe(200);
    expect(given.body.marketing).toMatchObject({ granted: true, textVersion: consentTextVersions.marketing });
    expect(await hasMarketingConsent(createDb(env), student.user.id)).toBe(true);

    await callContract(privacyContracts.setConsent, {
      token: student.token,
      body: { kind: "analytics", granted: true },
    });
    const withdrawn = await callContract(privacyContracts.setConsent, {
      token: student.token,
      body: { kind: "marketing", granted: false },
    });
    expect(withdrawn.body.marketing).toMatchObject({ granted: false });
    expect(withdrawn.body.analytics).toMatchObject({
      granted: true,
      textVersion: consentTextVersions.analytics,
    });
    expect(
      withdrawn.body.history.map((r: { kind: string; granted: boolean }) => [r.kind, r.granted]),
    ).toEqual([
      ["marketing", false],
      ["analytics", true],
      ["marketing", true],
    ]);
    expect(await hasMarketingConsent(createDb(env), student.user.id)).toBe(false);

    const read = await callContract(privacyContracts.consents, { token: student.token });
    expect(read.body).toEqual(withdrawn.body);
    // Another person's choices are not theirs.
    const other = await verifiedStudent();
    expect((await callContract(privacyContracts.consents, { token: other.token })).body.history).toEqual([]);
  });

  it("records a visitor's choice for their device, and refuses a malformed device id or kind", async () => {
    const deviceId = crypto.randomUUID();
    const saved = await callContract(privacyContracts.setDeviceConsent, {
      body: { deviceId, kind: "analytics", granted: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.analytics).toMatchObject({ granted: true });
    const off = await callContract(privacyContracts.setDeviceConsent, {
      body: { deviceId, kind: "analytics", granted: false },
    });
    expect(off.body.analytics).toMatchObject({ granted: false });
    expect(off.body.history).toHaveLength(2);
    const rows = await env.DB.prepare(
      "SELECT user_id, kind, granted FROM consents WHERE device_id = ? ORDER BY id",
    )
      .bind(deviceId)
      .all();
    expect(rows.results).toEqual([
      { user_id: null, kind: "analytics", granted: 1 },
      { user_id: null, kind: "analytics", granted: 0 },
    ]);
    const bad = await callContract(privacyContracts.setDeviceConsent, {
      body: { deviceId: "not-a-uuid", kind: "analytics", granted: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("invalid-device-id");
    const badKind = await callContract(privacyContracts.setDeviceConsent, {
      body: { deviceId, kind: "tracking" as "analytics", granted: true },
    });
    expect(badKind.body.code).toBe("bad-request");
    const unsigned = await callContract(privacyContracts.setConsent, {
      body: { kind: "marketing", granted: true },
    });
    expect(unsigned.status).toBe(401);
  });
});
