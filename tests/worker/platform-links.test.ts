import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { platformSettingsContracts } from "../../schema/api/platform-settings";
import { onboardingContracts } from "../../schema/api/onboarding";
import { systemContracts } from "../../schema/api/system";
import { forgetBusinessSettings } from "../../worker/domain/staff/platform-settings";
import { createUser } from "./factories-lessons";
import { callContract, register } from "./helpers";

/**
 * The two public messaging links are platform settings a SuperAdmin edits (PUT
 * /platform-settings/links): the notifications channel (GET /config, the site footer) and the
 * tutors' group (onboarding step 1). Unset links are null and shown nowhere.
 */
const channel = "https://whatsapp.com/channel/0029VaDarsNotifications";
const group = "https://chat.whatsapp.com/KxDarsTutors2026";

const stored = () =>
  env.DB.prepare("SELECT value, updated_by AS updatedBy FROM platform_settings WHERE key = 'links'").first<{
    value: string;
    updatedBy: number;
  }>();
const audits = () =>
  env.DB.prepare(
    "SELECT action, actor_id AS actorId, before, after FROM audit_log WHERE target_type = 'settings' AND target_id = 'links' ORDER BY id",
  ).all<{ action: string; actorId: number; before: string; after: string }>();

async function reset() {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM platform_settings"),
    env.DB.prepare("DELETE FROM audit_log WHERE target_id = 'links'"),
  ]);
  forgetBusinessSettings();
}

const save = (token: string, body: unknown) =>
  callContract(platformSettingsContracts.links, { token, body: body as never });

describe("platform settings: the public messaging links", () => {
  it("are unset by default: null in the settings, /config and the onboarding step", async () => {
    await reset();
    const admin = await createUser(Role.RegularAdmin);
    const view = await callContract(platformSettingsContracts.get, { token: admin.token });
    expect(view.body.links).toEqual({
      notificationsChannel: null,
      tutorsGroup: null,
      updatedAt: null,
      updatedBy: null,
    });
    expect((await callContract(systemContracts.config)).body.notificationsChannel).toBeNull();
    const tutor = await register(Role.Tutor);
    const steps = await callContract(onboardingContracts.get, { token: tutor.token });
    expect(steps.body.supportGroup).toEqual({ joined: false, link: null, next: "join" });
  });

  it("lets a SuperAdmin set them, with an audit row, and shows them where they belong", async () => {
    await reset();
    const admin = await createUser(Role.SuperAdmin);
    const response = await save(admin.token, { notificationsChannel: ` ${channel} `, tutorsGroup: group });
    expect(response.status).toBe(200);
    expect(response.body.links).toMatchObject({
      notificationsChannel: channel,
      tutorsGroup: group,
      updatedBy: admin.id,
    });
    expect(await stored()).toEqual({
      value: JSON.stringify({ notificationsChannel: channel, tutorsGroup: group }),
      updatedBy: admin.id,
    });
    const [audit] = (await audits()).results;
    expect(audit).toMatchObject({ action: "settings.update", actorId: admin.id });
    expect(JSON.parse(audit!.before)).toEqual({ notificationsChannel: null, tutorsGroup: null });
    expect(JSON.parse(audit!.after)).toEqual({ notificationsChannel: channel, tutorsGroup: group });

    // The footer's channel comes with /config; the tutors' group with the onboarding step.
    expect((await callContract(systemContracts.config)).body.notificationsChannel).toBe(channel);
    const tutor = await register(Role.Tutor);
    const steps = await callContract(onboardingContracts.get, { token: tutor.token });
    expect(steps.body.supportGroup.link).toBe(group);
  });

  it("unsets a link given empty or null, and then nothing shows it", async () => {
    await reset();
    const admin = await createUser(Role.SuperAdmin);
    await save(admin.token, { notificationsChannel: channel, tutorsGroup: group });
    const response = await save(admin.token, { notificationsChannel: "", tutorsGroup: null });
    expect(response.body.links).toMatchObject({ notificationsChannel: null, tutorsGroup: null });
    expect((await callContract(systemContracts.config)).body.notificationsChannel).toBeNull();
    const tutor = await register(Role.Tutor);
    expect(
      (await callContract(onboardingContracts.get, { token: tutor.token })).body.supportGroup.link,
    ).toBeNull();
    expect((await audits()).results).toHaveLength(2);
  });

  it.each([
    ["http://chat.whatsapp.com/KxDarsTutors2026", "not https"],
    ["https://evil.example/chat.whatsapp.com/abc", "another host"],
    ["https://chat.whatsapp.com.evil.example/abc", "a look-alike host"],
    ["https://chat.whatsapp.com/", "no invite"],
    ["https://whatsapp.com/abc", "a WhatsApp page that is not a channel"],
    ["javascript:alert(1)", "a script"],
    ["dars tutors", "not a link"],
  ])("refuses %s (%s) with invalid-messaging-link and stores nothing", async (link) => {
    await reset();
    const admin = await createUser(Role.SuperAdmin);
    const response = await save(admin.token, { notificationsChannel: channel, tutorsGroup: link });
    expect([response.status, response.body.code, response.body.fields]).toEqual([
      400,
      "invalid-messaging-link",
      { tutorsGroup: "invalid-messaging-link" },
    ]);
    expect(await stored()).toBeNull();
    expect((await audits()).results).toEqual([]);
  });

  it("accepts a Telegram group and a WhatsApp channel on www", async () => {
    await reset();
    const admin = await createUser(Role.SuperAdmin);
    const response = await save(admin.token, {
      notificationsChannel: "https://www.whatsapp.com/channel/0029VaDars",
      tutorsGroup: "https://t.me/+AbCdEf123",
    });
    expect(response.status).toBe(200);
  });

  it("is SuperAdmin only: a RegularAdmin and a tutor are refused and nothing changes", async () => {
    await reset();
    for (const role of [Role.RegularAdmin, Role.Tutor]) {
      const caller = await createUser(role);
      const response = await save(caller.token, { notificationsChannel: channel, tutorsGroup: group });
      expect(response.status).toBe(403);
    }
    expect(await stored()).toBeNull();
    expect((await audits()).results).toEqual([]);
  });
});
