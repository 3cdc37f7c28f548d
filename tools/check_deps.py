#!/usr/bin/env python3
"""Checks that every C++ target's deps match its #includes.

Bazel 4.2.3 has no layering_check, so nothing else notices a dependency
that a target lists but no longer uses, or a header a target includes
through some other target's deps without listing its owner. This reads
the rules from `bazel query` and the sources from the tree, and fails on
either, naming the target, the dep or header, and the file:

  tools/check_deps.py            # from the workspace root; exit 1 on findings

A project dep is used when one of the target's sources includes one of its
headers. Targets without headers (command libraries linked in whole, test
mains) are never unused. Abseil deps are checked the same way, by the
upstream naming of its targets (absl/strings/str_format.h is
//absl/strings:str_format, other absl/strings headers //absl/strings);
other external libraries are not checked.
"""

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
ABSL = "@com_google_absl//"

# Abseil headers whose target the naming rule does not give.
ABSL_TARGETS = {
    "absl/base/thread_annotations.h": "absl/base:core_headers",
    "absl/base/attributes.h": "absl/base:core_headers",
    "absl/base/macros.h": "absl/base:core_headers",
    "absl/base/optimization.h": "absl/base:core_headers",
    "absl/strings/cord.h": "absl/strings:cord",
    "absl/time/clock.h": "absl/time",
    "absl/synchronization/notification.h": "absl/synchronization",
    "absl/container/inlined_vector.h": "absl/container:inlined_vector",
    "absl/flags/parse.h": "absl/flags:parse",
    "absl/flags/usage.h": "absl/flags:usage",
    "absl/flags/marshalling.h": "absl/flags:marshalling",
    "absl/random/distributions.h": "absl/random",
    "absl/strings/escaping.h": "absl/strings",
    "absl/flags/declare.h": "absl/flags:flag",
}


def query_rules():
    xml = subprocess.run(
        ["bazel", "query", "--noshow_progress",
         'kind("cc_library|cc_test|cc_binary|cc_proto_library|'
         'proto_library|genrule", //... + @com_google_absl//...)',
         "--output=xml"],
        check=True, capture_output=True, text=True).stdout
    return ElementTree.fromstring(xml)


def labels(rule, attribute):
    for node in rule.findall("list"):
        if node.get("name") == attribute:
            return [l.get("value") for l in node.findall("label")]
    return []


def path_of(label):
    """//pkg:file.h -> pkg/file.h; external labels are not files here."""
    if not label.startswith("//"):
        return None
    package, _, name = label[2:].partition(":")
    return f"{package}/{name}" if package else name


def canonical(label):
    """@com_google_absl//absl/strings:strings -> absl/strings."""
    body = label[len(ABSL):]
    package, _, name = body.partition(":")
    return package if name == os.path.basename(package) else body


def main():
    root = query_rules()
    owner = {}       # header path -> owning target
    rules = {}       # target -> (srcs, hdrs, deps)
    absl_targets = set()
    protos = {}      # proto_library -> its .proto paths
    for rule in root.findall("rule"):
        name, kind = rule.get("name"), rule.get("class")
        if name.startswith(ABSL):
            absl_targets.add(canonical(name))
            continue
        if kind == "proto_library":
            protos[name] = [path_of(l) for l in labels(rule, "srcs")]
            continue
        if kind == "genrule":
            continue
        srcs = [path_of(l) for l in labels(rule, "srcs")]
        hdrs = [path_of(l) for l in labels(rule, "hdrs")]
        rules[name] = (srcs, hdrs, labels(rule, "deps"))
        for header in hdrs:
            owner[header] = name
    for rule in root.findall("rule"):
        if rule.get("class") == "cc_proto_library":
            for proto in labels(rule, "deps"):
                for path in protos.get(proto, []):
                    owner[path[:-len(".proto")] + ".pb.h"] = rule.get("name")
                    rules[rule.get("name")] = ([], [], [])

    def absl_owner(header):
        """The wrapped Abseil target of `header`; None when none is."""
        target = ABSL_TARGETS.get(header)
        if target is None:
            package = os.path.dirname(header)
            target = f"{package}:{os.path.basename(header)[:-2]}"
            if target not in absl_targets:
                target = package
        return target if target in absl_targets else None

    findings = []
    for name, (srcs, hdrs, deps) in sorted(rules.items()):
        if not srcs and not hdrs:
            continue
        included = {}  # header -> first file including it
        unread = False  # a generated source not built yet: deps unknowable
        for path in srcs + hdrs:
            if path is not None and not os.path.exists(path):
                # A file the build writes (embedded data, generated code).
                path = os.path.join("bazel-bin", path)
            if path is None or not os.path.exists(path):
                unread = unread or path is not None
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                for header in INCLUDE.findall(f.read()):
                    included.setdefault(header, path)
        own = set(srcs + hdrs)
        used = set()
        for header, where in sorted(included.items()):
            if header in own:
                continue
            if header.startswith("absl/"):
                if absl_owner(header) is None:
                    # Linked by whichever wrapper of its package is listed.
                    package = os.path.dirname(header)
                    used |= {d for d in deps if d.startswith(ABSL)
                             and canonical(d).split(":")[0] == package}
                    continue
                target = ABSL + absl_owner(header)
                wanted = {d for d in deps if d.startswith(ABSL)
                          and canonical(d) == absl_owner(header)}
                if wanted:
                    used |= wanted
                else:
                    findings.append(f"{name}: {where} includes {header} but "
                                    f"deps do not list {target}")
                continue
            target = owner.get(header)
            if target is None:
                continue
            if target in deps:
                used.add(target)
            elif target != name:
                findings.append(f"{name}: {where} includes {header} but deps "
                                f"do not list {target}")
        for dep in deps:
            if dep in used or unread:
                continue
            if dep.startswith(ABSL):
                findings.append(f"{name}: lists {dep} but includes none of "
                                f"its headers")
            elif dep in rules and rules[dep][1]:
                findings.append(f"{name}: lists {dep} but includes none of "
                                f"its headers ({', '.join(rules[dep][1])})")
    for line in findings:
        print(f"check_deps: {line}")
    if findings:
        print(f"check_deps: {len(findings)} finding(s); fix the BUILD file "
              f"or the #include", file=sys.stderr)
        return 1
    print(f"check_deps: {len(rules)} targets, deps match includes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
