import { readFileSync } from "node:fs"; import { gzipSync } from "node:zlib";
const dir = process.argv[2] ?? "build/client";
for (const page of ["index.html","faq/index.html","privacy-policy/index.html","products/sba-loans/index.html","404/index.html"]) {
  const html = readFileSync(`${dir}/${page}`,"utf8");
  const urls = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map(m=>m[1]));
  const rows = [...urls].map(u=>[u.replace(/\/assets\//,""), (()=>{try{return readFileSync(dir+u+".gz").length}catch{return gzipSync(readFileSync(dir+u),{level:9}).length}})()]).sort((a,b)=>b[1]-a[1]);
  const total = rows.reduce((s,r)=>s+r[1],0);
  console.log(`\n${page} ${(total/1000).toFixed(1)} KB (${(total/1024).toFixed(1)} KiB)`); for (const r of rows) console.log("  ",String(r[1]).padStart(6), r[0]);
}
