// The local-only phone frame (web/src/features/dev/simulated-mobile.tsx, docs/local.md): the width
// media queries answer as on a 360 px phone while it is on, the choice survives a reload, and
// everything is undone when it is switched off.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mediaMatchesAt } from "../../web/src/features/dev/phone-viewport";
import { SimulatedMobile, simulatedMobileKey } from "../../web/src/features/dev/simulated-mobile";
import { ar } from "../../web/src/i18n/ar-EG";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("width media queries at 360 px", () => {
  it("answers Tailwind's breakpoints and the classic forms as a phone would", () => {
    expect(mediaMatchesAt("(width>=40rem)", 360)).toBe(false);
    expect(mediaMatchesAt("(width >= 40rem)", 1280)).toBe(true);
    expect(mediaMatchesAt("(width < 40rem)", 360)).toBe(true);
    expect(mediaMatchesAt("not all and (width>=380px)", 360)).toBe(true);
    expect(mediaMatchesAt("(min-width: 1024px)", 360)).toBe(false);
    expect(mediaMatchesAt("screen and (max-width: 600px)", 360)).toBe(true);
    expect(mediaMatchesAt("(min-width: 300px) and (max-width: 400px)", 360)).toBe(true);
    expect(mediaMatchesAt("(width>=64rem), (width<=20rem)", 360)).toBe(false);
  });

  it("leaves queries about anything else to the browser", () => {
    expect(mediaMatchesAt("(hover:hover)", 360)).toBeNull();
    expect(mediaMatchesAt("(prefers-reduced-motion:reduce)", 360)).toBeNull();
    expect(mediaMatchesAt("(min-width: 640px) and (hover: hover)", 360)).toBeNull();
  });
});

describe("the phone frame switch", () => {
  const label = ar.shell.simulatedMobile("٣٦٠");

  it("is an Arabic-labelled switch that frames the page, keeps its state across a reload and undoes it all", () => {
    const wide = window.matchMedia("(min-width: 1024px)").matches;
    const first = render(<SimulatedMobile />);
    const toggle = screen.getByRole("switch", { name: label });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(document.documentElement.hasAttribute("data-simulated-mobile")).toBe(false);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(localStorage.getItem(simulatedMobileKey)).toBe("on");
    expect(document.documentElement.hasAttribute("data-simulated-mobile")).toBe(true);
    expect(window.matchMedia("(min-width: 1024px)").matches).toBe(false);
    expect(window.matchMedia("(max-width: 400px)").matches).toBe(true);

    // A reload: a fresh mount reads the stored choice.
    first.unmount();
    expect(document.documentElement.hasAttribute("data-simulated-mobile")).toBe(false);
    render(<SimulatedMobile />);
    const again = screen.getByRole("switch", { name: label });
    expect(again.getAttribute("aria-checked")).toBe("true");
    expect(document.documentElement.hasAttribute("data-simulated-mobile")).toBe(true);

    fireEvent.click(again);
    expect(again.getAttribute("aria-checked")).toBe("false");
    expect(localStorage.getItem(simulatedMobileKey)).toBeNull();
    expect(document.documentElement.hasAttribute("data-simulated-mobile")).toBe(false);
    expect(window.matchMedia("(min-width: 1024px)").matches).toBe(wide);
  });
});
