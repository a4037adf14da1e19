#!/usr/bin/python3
"""Validate catan-log/1 YAML documents against the JSON Schema.

usage: validate.py [--expect-invalid] SCHEMA FILE...

Every YAML document of every FILE is validated on its own and reported as
`FILE:docN: ok` or `FILE:docN: invalid: <path>: <message>` (N counts from 1).
Exit status: 0 if every document is valid (with --expect-invalid: if every
document is invalid), 1 otherwise, 2 on a usage error or a file that cannot be
read or parsed as YAML.

Scalars are read the YAML 1.2 core way the checker reads them: only plain
`-?[0-9]+` is an integer; every other plain scalar (yes, ~, 0x1F, 3.0,
2026-11-20, 3:1) stays a string.
"""
import json
import re
import os
import pathlib
import sys

import jsonschema
import yaml


class CoreIntLoader(yaml.SafeLoader):
    """SafeLoader that resolves plain decimal integers and nothing else."""


CoreIntLoader.yaml_implicit_resolvers = {}
CoreIntLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^-?[0-9]+$"), list("-0123456789"))
# Base 10 always: SafeLoader would read 017 as octal.
CoreIntLoader.add_constructor(
    "tag:yaml.org,2002:int",
    lambda loader, node: int(loader.construct_scalar(node), 10))


def json_path(error):
    return "/" + "/".join(str(p) for p in error.absolute_path)


def describe(error):
    """The most specific sub-error of a oneOf/anyOf failure, as one line."""
    best = jsonschema.exceptions.best_match([error])
    message = best.message if len(best.message) <= 200 else best.message[:197] + "..."
    return f"{json_path(best)}: {message}"


def main(argv):
    expect_invalid = "--expect-invalid" in argv
    args = [a for a in argv if a != "--expect-invalid"]
    if len(args) < 2 or any(a.startswith("-") for a in args):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as e:
        print(f"{args[0]}: bad schema: {e}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema)

    all_as_expected = True
    paths = []
    for arg in args[1:]:  # a directory stands for its *.yaml, *.yml and *.json files
        if os.path.isdir(arg):
            found = sorted(str(p) for p in pathlib.Path(arg).rglob("*")
                           if p.suffix in (".yaml", ".yml", ".json"))
            if not found:  # checking nothing must not pass
                print(f"{arg}: error: no .yaml, .yml or .json file", file=sys.stderr)
                return 2
            paths += found
        else:
            paths.append(arg)
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                docs = list(yaml.load_all(f, Loader=CoreIntLoader))
        except (OSError, yaml.YAMLError) as e:
            print(f"{path}: error: {e}", file=sys.stderr)
            return 2
        for n, doc in enumerate(docs, 1):
            # A key checked by the entry and by its action kind fails twice.
            errors = sorted({describe(e) for e in validator.iter_errors(doc)})
            for e in errors:
                print(f"{path}:doc{n}: invalid: {e}")
            if not errors:
                print(f"{path}:doc{n}: ok")
            if bool(errors) != expect_invalid:
                all_as_expected = False
    return 0 if all_as_expected else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
