import { chromium } from "playwright-core";
const base = "http://127.0.0.1:8881";
const [email = "admin@dars.test", ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const login = await fetch(`${base}/api/v1/auth/password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "Dars@2026" }) }).then((r) => r.json());
for (const width of [1280, 360]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "ar-EG", timezoneId: "Africa/Cairo" });
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
  await page.goto(base + "/");
  await page.evaluate((login) => {
    localStorage.setItem("dars.session.token", login.token);
    localStorage.setItem("dars.session.user", JSON.stringify(login.user));
  }, login);
  for (const p of paths) {
    await page.goto(base + p);
    await page.locator("h1").first().waitFor();
    await page.waitForTimeout(1200);
    const name = `/tmp/a2/${p.replace(/\W+/g, "_")}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await context.close();
}
await browser.close();
