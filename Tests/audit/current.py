#!/usr/bin/env python3
"""The verdicts of the findings the rules report now: REPORTS_DIR holds one `flowlint lint --reporter json` report per
app (`<app>.json`, every rule on); each finding is matched by app, file, line and rule with the latest verdict any
round gave it (`iOS@apps5.json` is the N round's Home Assistant app, whose directory name another app shares). A
verdict that records the message it judged (`message`, from AZ4 on) applies only to a finding with that message; an
earlier verdict of the place applies otherwise.
Usage: python3 Tests/audit/current.py REPORTS_DIR"""
import json,glob,os,collections,sys
here = os.path.dirname(os.path.abspath(__file__))
rounds=['before','after','L','R','M','N','O','P','S','S2','Q','U','V','W','X','Y','Z','AA','AZ','AC','AE','AG','AH','AZ2','AI','AZ3','AJ','AZ4','AK','AZ5','AL','AZ6','AM','AN','AZ7','AZ8','AO','AZ9','AZ10','AP','AQ','AR','AZ11','AZ12','AS','AT','AU','AV','AZ13','AW','AX','AY','AZ14','AZ15','BA','AZ16','AZ17','AZ18','BB','AZ19','BC','AZ20','BD','BE','AZ21','AZ22','AZ23','BF','BG','AZ24','AZ25','AZ26','BH','AZ27','BI','BJ','BK','BK2','BL','BL2','BM','BK3','BN','BO','BP','BP2','BP3','BP4','BQ','BR','BR2','BS','BT','BT2','BU','BV','BV2','BW','BX','BY','BY2']
verdicts=collections.defaultdict(list)
def load_round(r):
    files=sorted(glob.glob(f'{here}/{r}/*.jsonl'))
    if r=='after': files=[f'{here}/after/final.jsonl']
    for f in files:
        for l in open(f):
            try: d=json.loads(l)
            except: continue
            if d.get('kind') or not d.get('verdict'): continue
            repo=d.get('repo') or d.get('app')
            if r in ('N',) and repo=='iOS': repo='iOS@apps5'
            path=d.get('path') or d.get('file')
            verdicts[(repo,path,d.get('line'),d.get('rule'))].append((d['verdict'],d.get('message')))
for r in rounds: load_round(r)
cur=collections.defaultdict(lambda:[0,0,0,0])
for f in glob.glob(sys.argv[1] + '/*.json'):
    app=os.path.basename(f)[:-5]
    try: j=json.load(open(f))
    except: continue
    for x in j['diagnostics']:
        k=(app,x['file'],x['line'],x['rule'])
        v=next((verdict for verdict,message in reversed(verdicts.get(k,[])) if message in (None,x['message'])),None)
        c=cur[x['rule']]
        c[3]+=1
        if v=='TRUE': c[0]+=1
        elif v=='FALSE': c[1]+=1
        elif v: c[2]+=1
print(f"{'rule':42} TRUE FALSE UNCL  prec  reported")
for r,(t,f,u,n) in sorted(cur.items()):
    print(f"{r:42} {t:4} {f:5} {u:4}  {t/(t+f) if t+f else float('nan'):.2f}  {n}")
