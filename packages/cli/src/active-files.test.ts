import { describe, expect, it } from "vitest";
import { activeFilesWarning, runsScriptOpenedAlone } from "./active-files.ts";

const bytes = (text: string) => Buffer.from(text);

describe("a file of the folder that runs script when opened on its own", () => {
  it("is any HTML page, and an SVG or XML file with script, an event handler, a javascript: address or embedded HTML", () => {
    expect(runsScriptOpenedAlone("report.html", bytes("<p>plain</p>"))).toBe(true);
    expect(runsScriptOpenedAlone("old/page.XHTML", bytes("<p>plain</p>"))).toBe(true);
    expect(runsScriptOpenedAlone("img/evil.svg", bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>steal()</script></svg>'))).toBe(true);
    expect(runsScriptOpenedAlone("img/hover.svg", bytes('<svg><rect onload="steal()"/></svg>'))).toBe(true);
    expect(runsScriptOpenedAlone("img/link.svg", bytes('<svg><a href="javascript:steal()"><text>x</text></a></svg>'))).toBe(true);
    expect(runsScriptOpenedAlone("img/html.svg", bytes("<svg><foreignObject><div>x</div></foreignObject></svg>"))).toBe(true);
    expect(runsScriptOpenedAlone("feed.xml", bytes('<?xml version="1.0"?><?xml-stylesheet href="feed.xsl"?><rss/>'))).toBe(true);
  });

  it("is not a drawing with none of them, an image of another kind, or a download", () => {
    expect(runsScriptOpenedAlone("img/diagram.svg", bytes('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4" fill="teal"/><text>onward = 1</text></svg>'))).toBe(false);
    expect(runsScriptOpenedAlone("img/logo.png", bytes("<script>not markup in a PNG</script>"))).toBe(false);
    expect(runsScriptOpenedAlone("files/data.json", bytes('{"javascript:": true}'))).toBe(false);
  });
});

describe("build's warning of them", () => {
  it("is one line naming the first five and counting the rest, and none when there are none", () => {
    expect(activeFilesWarning([])).toBeNull();
    expect(activeFilesWarning(["report.html"])).toBe(
      "Warning: 1 file of the folder runs script when opened on its own (report.html): a static host serves it as it is, so its scripts run as your site; serve sends it sandboxed",
    );
    const seven = ["a.html", "b.html", "c.svg", "d.html", "e.html", "f.html", "g.html"];
    expect(activeFilesWarning(seven)).toMatch(/^Warning: 7 files of the folder run script when opened on their own \(a\.html, b\.html, c\.svg, d\.html, e\.html and 2 more\)/);
  });
});
