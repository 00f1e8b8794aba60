const fs=require('fs');const [file]=process.argv.slice(2);
const p=JSON.parse(fs.readFileSync(file));const self=new Map();const byId=new Map(p.nodes.map(n=>[n.id,n]));
const dt=p.timeDeltas;const cnt=new Map();
for(let i=0;i<p.samples.length;i++){cnt.set(p.samples[i],(cnt.get(p.samples[i])||0)+(dt[i]||0));}
for(const [id,us] of cnt){const n=byId.get(id);const k=n.callFrame.functionName+':'+n.callFrame.lineNumber+':'+n.callFrame.url.split('/').pop();self.set(k,(self.get(k)||0)+us);}
const tot=[...self.values()].reduce((a,b)=>a+b,0);
console.log(JSON.stringify(Object.fromEntries([...self].sort((a,b)=>b[1]-a[1]).slice(0,40).map(([k,v])=>[k,+(v/1000).toFixed(1)]))));
