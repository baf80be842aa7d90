import { readFileSync } from "node:fs";
import path from "node:path";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  SHELL_DESCRIPTION,
  SHELL_TITLE,
  documentTitle,
  useDocumentTitle,
} from "../../web/src/lib/use-document-title";

function Page({ title, description }: { title: string; description?: string }) {
  useDocumentTitle(title, description);
  return null;
}

function describeAs(content: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = content;
  return meta;
}

describe("the tab's title and description", () => {
  it("are the shell's in web/index.html", () => {
    const html = readFileSync(path.resolve(process.cwd(), "web/index.html"), "utf8");
    expect(html).toContain(`<title>${SHELL_TITLE}</title>`);
    expect(html).toContain(`<meta name="description" content="${SHELL_DESCRIPTION}" />`);
  });

  it("go back to what was there before a screen set them", () => {
    document.title = "قبل";
    const meta = describeAs("وصف قبل");
    const page = render(<Page title="الأسعار" description="وصف الأسعار" />);
    expect([document.title, meta.content]).toEqual([documentTitle("الأسعار"), "وصف الأسعار"]);
    page.unmount();
    expect([document.title, meta.content]).toEqual(["قبل", "وصف قبل"]);
  });

  it("go back to the shell's after leaving a prerendered page, whose HTML already carried its own", () => {
    document.title = documentTitle("الأسئلة الشائعة");
    const meta = describeAs("وصف الأسئلة");
    const page = render(<Page title="الأسئلة الشائعة" description="وصف الأسئلة" />);
    page.unmount();
    expect([document.title, meta.content]).toEqual([SHELL_TITLE, SHELL_DESCRIPTION]);
  });
});
