#!/usr/bin/env python3
import json, sys, glob, collections
files = sys.argv[1:]
t = collections.defaultdict(lambda: collections.Counter())
misses = collections.Counter(); cands = collections.Counter()
apps=set()
for f in files:
    for line in open(f):
        line=line.strip()
        if not line: continue
        r=json.loads(line)
        if r.get("kind")=="miss": misses[r["rule"]]+=1; continue
        if r.get("kind")=="candidates": cands[r["rule"]]+=r.get("read",0); continue
        t[r["rule"]][r["verdict"]]+=1; apps.add(r["repo"])
print("apps:", len(apps), sorted(apps))
print(f'{"rule":40} {"TRUE":>5} {"FALSE":>5} {"UNCL":>5} {"prec":>6} {"miss":>5} {"cand":>5}')
for rule in sorted(set(t)|set(misses)):
    c=t[rule]; T,F,U=c["TRUE"],c["FALSE"],c["UNCLEAR"]
    p = f"{T/(T+F):.2f}" if T+F else "-"
    print(f'{rule:40} {T:5} {F:5} {U:5} {p:>6} {misses[rule]:5} {cands[rule]:5}')
