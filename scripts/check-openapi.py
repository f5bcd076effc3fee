#!/usr/bin/env python3
"""Checks a server's answers against its OpenAPI 3.1 document.

Usage: check-openapi.py SPEC.yaml EXCHANGES.json

SPEC.yaml is validated as an OpenAPI 3.1 document (openapi-spec-validator). EXCHANGES.json is a list of
{"method", "path", "status", "contentType", "body"} recorded from the real server. Each exchange must
match an operation of the document (path template and method), a response declared for its status, and
a content type declared for that response; JSON bodies (application/json, application/geo+json) must
validate against the response's schema (jsonschema, draft 2020-12, with the document's references and
the files it names). Every operation of the document must appear at least once. Exit 0 when all hold;
otherwise every failure is printed and the exit status is 1.
"""
import json
import pathlib
import re
import sys
import warnings

import jsonschema
import yaml
from openapi_spec_validator import validate as validate_spec

warnings.filterwarnings("ignore", category=DeprecationWarning)


def main():
    spec_path = pathlib.Path(sys.argv[1]).resolve()
    exchanges = json.loads(pathlib.Path(sys.argv[2]).read_text())
    spec = yaml.safe_load(spec_path.read_text())
    base_uri = spec_path.as_uri()
    validate_spec(spec, base_uri=base_uri)

    store = {base_uri: spec}
    for ref_file in spec_path.parent.glob("*.schema.json"):
        schema = json.loads(ref_file.read_text())
        store[ref_file.as_uri()] = schema
        if "$id" in schema:
            store[schema["$id"]] = schema

    operations = {}
    for template, item in spec["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
        for method in ("get", "put", "post", "delete", "patch"):
            if method in item:
                operations[(template, method)] = (re.compile(pattern), item[method])

    failures = []
    seen = set()
    for exchange in exchanges:
        method = exchange["method"].lower()
        path = exchange["path"].split("?")[0]
        where = f'{exchange["method"]} {exchange["path"]} -> {exchange["status"]}'
        matches = [(t, op) for (t, m), (p, op) in operations.items() if m == method and p.match(path)]
        # A literal template wins over one with a parameter (/v1/workouts over /v1/workouts/{id}).
        matches.sort(key=lambda pair: pair[0].count("{"))
        if not matches:
            failures.append(f"{where}: no operation in the document")
            continue
        template, operation = matches[0]
        seen.add((template, method))
        responses = operation.get("responses", {})
        response = responses.get(str(exchange["status"])) or responses.get("default")
        if response is None:
            failures.append(f"{where}: status not declared (declared: {', '.join(sorted(responses))})")
            continue
        if "$ref" in response:
            response = resolve(spec, response["$ref"])
        content = response.get("content", {})
        media = (exchange.get("contentType") or "").split(";")[0].strip()
        if not content:
            continue
        if media not in content:
            failures.append(f"{where}: content type {media!r} not declared ({', '.join(content)})")
            continue
        schema = content[media].get("schema")
        if schema is None or media not in ("application/json", "application/geo+json"):
            continue
        try:
            body = json.loads(exchange["body"])
        except ValueError as error:
            failures.append(f"{where}: body is not JSON: {error}")
            continue
        resolver = jsonschema.RefResolver(base_uri=base_uri, referrer=spec, store=store)
        validator = jsonschema.Draft202012Validator(schema, resolver=resolver, format_checker=jsonschema.FormatChecker())
        for error in validator.iter_errors(body):
            location = "/".join(str(part) for part in error.absolute_path)
            failures.append(f"{where}: body at /{location}: {error.message[:300]}")

    for key in sorted(set(operations) - seen):
        failures.append(f"{key[1].upper()} {key[0]}: never exercised")

    for failure in failures:
        print(failure)
    print(f"check-openapi: {len(exchanges)} exchanges, {len(seen)} of {len(operations)} operations, {len(failures)} failures")
    sys.exit(1 if failures else 0)


def resolve(spec, ref):
    node = spec
    for part in ref.lstrip("#/").split("/"):
        node = node[part]
    return node


if __name__ == "__main__":
    main()
