"""The project's C++ rules: one library per header, its test beside it.

A library `x` is x.h and x.cc, a test `x_test` is x_test.cc (small, with
GoogleTest's main, depending on the library x when there is one) and a
binary `x` is x.cc, unless they name other files.
Dependencies on the lower layers and on Abseil may be named by their
target alone, under the layer's key: `engine = ["fen"]` is
//engine:fen, `absl = ["strings:str_format"]` is
@com_google_absl//absl/strings:str_format. Visibility still decides which
package may use which (the groups in the root BUILD).
"""

_LAYERS = ["engine", "events", "storage", "replay"]

def _deps(deps, absl, layers):
    labels = list(deps)
    for layer in _LAYERS:
        labels += ["//%s:%s" % (layer, target) for target in layers.pop(layer, [])]
    return labels + ["@com_google_absl//absl/" + name for name in absl]

def checkers_library(name, srcs = None, hdrs = None, deps = [], absl = [], **kwargs):
    native.cc_library(
        name = name,
        srcs = [name + ".cc"] if srcs == None else srcs,
        hdrs = [name + ".h"] if hdrs == None else hdrs,
        deps = _deps(deps, absl, kwargs),
        **kwargs
    )

def checkers_test(name, srcs = None, size = "small", deps = [], absl = [], **kwargs):
    # x_test tests the library x of its package, when one is declared
    # before it.
    tested = name[:-len("_test")] if name.endswith("_test") else None
    if tested and native.existing_rule(tested) and ":" + tested not in deps:
        deps = [":" + tested] + deps
    native.cc_test(
        name = name,
        srcs = [name + ".cc"] if srcs == None else srcs,
        size = size,
        deps = _deps(deps, absl, kwargs) + ["@com_google_googletest//:gtest_main"],
        **kwargs
    )

def checkers_cli_test(name, data = [], deps = [], **kwargs):
    """A test that runs the `checkers` binary (tests/run_command.h)."""
    checkers_test(
        name = name,
        data = data + ["//ui_cli:checkers"],
        deps = deps + ["//tests:run_command"],
        **kwargs
    )

def checkers_binary(name, srcs = None, deps = [], absl = [], **kwargs):
    native.cc_binary(
        name = name,
        srcs = [name + ".cc"] if srcs == None else srcs,
        deps = _deps(deps, absl, kwargs),
        **kwargs
    )

def embedded_files(name, srcs, namespace, function, suffix = ""):
    """A library `name` whose name.h and name.cc the build writes from
    `srcs` (tools/embed_files.sh): `namespace::function()` lists the files
    as EmbeddedFile {base name less `suffix`, text} (tools/embedded_file.h),
    compiled in."""
    for kind in ["h", "cc"]:
        native.genrule(
            name = "%s_%s" % (name, kind),
            srcs = srcs,
            outs = ["%s.%s" % (name, kind)],
            cmd = "$(location //tools:embed_files.sh) %s %s/%s.h %s %s '%s' $(SRCS) > $@" % (
                kind,
                native.package_name(),
                name,
                namespace,
                function,
                suffix,
            ),
            tools = ["//tools:embed_files.sh"],
        )
    checkers_library(name = name, deps = ["//tools:embedded_file"])

def embedded_bytes(name, src, namespace, function):
    """A genrule `name` that writes name.cc from the data file `src`
    (tools/embed_bytes.sh): `absl::string_view namespace::function()`, the
    file's bytes, compiled in so that the program reads no file. A library
    lists `:name` among its srcs."""
    native.genrule(
        name = name,
        srcs = [src],
        outs = [name + ".cc"],
        cmd = "$(location //tools:embed_bytes.sh) $< %s %s > $@" % (namespace, function),
        tools = ["//tools:embed_bytes.sh"],
    )

def embedded_raw_string(name, src, out, namespace, constant, delimiter):
    """A genrule `name` that writes `out`, defining
    `extern const char namespace::constant[]` as the text of `src` in a raw
    string literal closed by `delimiter` (which the text must not hold
    after a ")"). A library lists `:name` among its srcs and declares the
    constant itself."""
    native.genrule(
        name = name,
        srcs = [src],
        outs = [out],
        cmd = ("(echo 'namespace %s {'; " % namespace +
               "echo 'extern const char %s[] = R\"%s('; " % (constant, delimiter) +
               "cat $<; " +
               "echo ')%s\";'; " % delimiter +
               "echo '}  // namespace %s') > $@" % namespace),
    )
