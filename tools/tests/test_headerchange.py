"""Which units a header change can affect (headerchange.py), on small headers: the names a change
redefines, None for any other change, and a name tested in an #if making every unit affected.
The seed's v1 (uaccess.h: one guarded macro added) compiles one of the 52 units: test_patch.py.
"""

from __future__ import annotations

from pathlib import Path

from uaccess_check.headerchange import _tested, redefined

BASE = """#ifndef _LINUX_DEMO_H
#define _LINUX_DEMO_H
/* a demo header */
struct demo { int a; };
int demo_call(int x);
#define DEMO_PUT(x, p) unsafe_put_user(x, p, efault)
static inline int demo_get(int __user *p)
{
	return get_user(*p, p);
}
#endif
"""


def changed(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new)


def test_a_guarded_macro_added_is_that_name():
    after = changed("#endif\n", "#ifndef demo_begin\n#define demo_begin(p, n) __uaccess_begin()\n#endif\n#endif\n")
    assert redefined(BASE, after) == {"demo_begin"}


def test_a_macro_or_inline_changed_is_its_name():
    assert redefined(BASE, changed("efault)", "out)")) == {"DEMO_PUT"}
    assert redefined(BASE, changed("return get_user", "return __get_user")) == {"demo_get"}


def test_an_inline_added_is_its_name():
    after = changed("#endif\n", "static inline void demo_new(void) { }\n#endif\n")
    assert redefined(BASE, after) == {"demo_new"}


def test_a_comment_changes_no_name():
    assert redefined(BASE, changed("a demo header", "the demo header")) == set()


def test_anything_else_may_affect_every_unit():
    assert redefined(BASE, changed("int a;", "int a, b;")) is None
    assert redefined(BASE, changed("int demo_call(int x);", "long demo_call(int x);")) is None
    assert redefined(BASE, changed("#define _LINUX_DEMO_H\n", "#define _LINUX_DEMO_H\n#include <linux/x.h>\n")) is None
    assert redefined(BASE, changed("struct demo", "#ifdef CONFIG_DEMO\nstruct demo")) is None


def test_a_name_tested_in_an_if_is_found_but_not_its_own_guard(tmp_path: Path):
    guard = tmp_path / "guard.h"
    guard.write_text("#ifndef demo_begin\n\n#define demo_begin(p, n) x\n#endif\n")
    assert _tested({"demo_begin"}, [guard]) is None
    test = tmp_path / "test.h"
    test.write_text("#ifdef demo_begin\nint with_it;\n#endif\n")
    assert _tested({"demo_begin"}, [guard, test]) == test
    elif_ = tmp_path / "elif.h"
    elif_.write_text("#if 0\n#elif defined(demo_begin)\nint x;\n#endif\n")
    assert _tested({"demo_begin"}, [elif_]) == elif_
