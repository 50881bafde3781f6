#!/usr/bin/env python3
"""Keeps prometheusrule.yaml (the Prometheus Operator's CRD) equal to toolspill-rules.yaml (the one source).

Usage: monitoring-check.py          checks that the CRD's spec.groups are the plain file's groups (exit 1 if not)
       monitoring-check.py --write  renders prometheusrule.yaml from toolspill-rules.yaml
Called by deploy/check.sh.
"""
import pathlib
import sys

import yaml

here = pathlib.Path(__file__).resolve().parent
source = yaml.safe_load((here / "toolspill-rules.yaml").read_text())
crd_path = here / "prometheusrule.yaml"
HEADER = """# GENERATED from toolspill-rules.yaml by `python3 deploy/monitoring/monitoring-check.py --write`: edit that file,
# not this one (deploy/check.sh fails when they differ). Prometheus Operator picks rules up by its ruleSelector:
# add the label your Prometheus selects (e.g. release: prometheus) in an overlay.
"""
crd = {
    "apiVersion": "monitoring.coreos.com/v1",
    "kind": "PrometheusRule",
    "metadata": {"name": "toolspill", "labels": {"app.kubernetes.io/name": "toolspill"}},
    "spec": {"groups": source["groups"]},
}



def block_style(dumper, text):
    """Multi-line expressions stay readable blocks (|) in the rendered file."""
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)


if "--write" in sys.argv[1:]:
    yaml.add_representer(str, block_style, Dumper=yaml.SafeDumper)
    crd_path.write_text(HEADER + yaml.safe_dump(crd, sort_keys=False, width=120))
    print(f"wrote {crd_path.name}")
    sys.exit(0)

current = yaml.safe_load(crd_path.read_text())
if current != crd:
    print("FAIL deploy/monitoring/prometheusrule.yaml differs from toolspill-rules.yaml: "
          "run python3 deploy/monitoring/monitoring-check.py --write", file=sys.stderr)
    sys.exit(1)
names = [r["alert"] for g in source["groups"] for r in g["rules"] if "alert" in r]
print(f"OK deploy/monitoring/prometheusrule.yaml carries the {len(names)} alerts of toolspill-rules.yaml")
