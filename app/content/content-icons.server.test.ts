import { describe, expect, it } from "vitest";
import { contentIcons } from "./content-icons.server";
import { contentIconNames } from "./icons";

describe("contentIcons", () => {
  it("resolves every name content may use to lucide's SVG data", async () => {
    const icons = await contentIcons(contentIconNames);
    for (const name of contentIconNames) {
      expect(icons[name]?.node.length, name).toBeGreaterThan(0);
      for (const [element] of icons[name]!.node)
        expect(["path", "circle", "rect", "line", "polyline", "polygon", "ellipse"]).toContain(element);
    }
  });

  it("maps our names to the icons lucide files under another name", async () => {
    const icons = await contentIcons(["home", "key", "line-chart"]);
    expect(icons.home?.name).toBe("house");
    expect(icons.key?.name).toBe("key-round");
    expect(icons["line-chart"]?.name).toBe("chart-line");
  });

  it("returns only the icons asked for", async () => {
    expect(Object.keys(await contentIcons(["lock", "lock", "zap"])).sort()).toEqual(["lock", "zap"]);
  });
});
