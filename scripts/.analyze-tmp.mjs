import fs from "node:fs"; import path from "node:path"; import zlib from "node:zlib";
import { SourceMapConsumer } from "source-map-js";
const dir = process.argv[2];
for (const f of fs.readdirSync(dir).filter(f=>f.endsWith(".js"))) {
  const code = fs.readFileSync(path.join(dir,f),"utf8");
  const mapFile = path.join(dir,f+".map"); if(!fs.existsSync(mapFile)) continue;
  const gz = zlib.gzipSync(code,{level:9}).length;
  if (gz < 3000 && !process.argv[3]) continue;
  const smc = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile,"utf8")));
  const lines = code.split("\n"); const sizes = {};
  // attribute each char by mapping
  const mappings=[]; smc.eachMapping(m=>mappings.push(m));
  mappings.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
  for (let i=0;i<mappings.length;i++){ const m=mappings[i], n=mappings[i+1];
    let len; if(n && n.generatedLine===m.generatedLine) len=n.generatedColumn-m.generatedColumn; else len=lines[m.generatedLine-1].length-m.generatedColumn;
    let src=(m.source||"?").replace(/.*node_modules\//,"nm:").replace(/.*\/app\//,"app/");
    src = src.replace(/^nm:(@[^/]+\/[^/]+|[^/]+)\/.*/,"nm:$1");
    sizes[src]=(sizes[src]||0)+len; }
  console.log(`\n== ${f} raw ${code.length} gz ${gz}`);
  Object.entries(sizes).sort((a,b)=>b[1]-a[1]).slice(0,15).forEach(([s,n])=>console.log(String(n).padStart(8),s));
}
