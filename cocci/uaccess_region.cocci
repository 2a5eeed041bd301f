// SPDX-License-Identifier: GPL-2.0-only
/// Find user-access regions used or left wrongly [region]: an unsafe accessor
/// after user_access_end()/user_*_access_end()/user_access_save() with no new
/// begin, an accessor before the first begin of a function that opens a
/// region, a region still open when the function returns (error labels
/// included), and a region closed by the wrong end variant
/// (user_write_access_end() after user_read_access_begin(), ...; x86 does
/// not care, powerpc does).  Patch mode replaces a wrong end of a region
/// opened by user_read_access_begin() or user_write_access_begin() on the
/// straight path (ends reached only through a fault label are reported, not
/// patched).
///
/// Helpers of the file (functions accessing user memory with no begin of
/// their own) are followed one level: their calls after an end or before
/// the begin are reported ("call to 'h' reaches ..."); calls under
/// if (is_kernel_addr(...)) serve kernel addresses and are not.
///
/// What the script cannot see: regions opened by a caller (a function with
/// no begin of its own is not examined: see uaccess_unchecked.cocci);
/// regions kept open on purpose across a return to a caller that ends them;
/// accesses hidden more than one call away or in other files; begins inside
/// conditions combined with && or || count as taken on both branches.
///
// Confidence: Moderate
// Copyright: (C) 2026 uaccess_check authors.
// Options: --no-includes --include-headers
// Keywords: user_access_begin, user_read_access_begin, user_write_access_begin,
// Keywords: user_rw_access_begin, masked_user_access_begin, masked_user_read_access_begin,
// Keywords: masked_user_write_access_begin, masked_user_rw_access_begin

virtual context
virtual org
virtual patch
virtual report

@initialize:python@
@@
REPORTS = []
KEEP = set()
BEGIN_FNS = set()
HELPER_ACCESS = {}
KERNEL_CALLS = set()

def key(p):
    return (p.file, int(p.line), int(p.column))

def keep(p):
    return key(p[0]) in KEEP

def rep(p, msg):
    REPORTS.append((p, msg))
    KEEP.add(key(p[0]))

END_OF = {
    "user_access_begin": ("user_access_end",),
    # 6.12 has only this masked form; its users end it like the checking
    # begin of the other branch (fs/select.c, lib/strncpy_from_user.c)
    "masked_user_access_begin": ("user_access_end", "user_read_access_end",
                                 "user_write_access_end", "user_rw_access_end"),
    "user_rw_access_begin": ("user_access_end", "user_rw_access_end"),
    "masked_user_rw_access_begin": ("user_access_end", "user_rw_access_end"),
    "user_read_access_begin": ("user_access_end", "user_read_access_end"),
    "masked_user_read_access_begin": ("user_access_end", "user_read_access_end"),
    "user_write_access_begin": ("user_access_end", "user_write_access_end"),
    "masked_user_write_access_begin": ("user_access_end", "user_write_access_end"),
}

@has@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin};
position pb;
@@
B@pb(...)

@script:python@
pb << has.pb;
@@
BEGIN_FNS.add(pb[0].current_element)

// an access after an end, with no begin in between
@after depends on has exists@
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
identifier B2 = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec,
  user_access_restore};
position pe, pa;
expression x;
@@
(
E@pe(...);
|
x = E@pe(...);
)
... when != B2(...)
A@pa(...)

@script:python@
E << after.E;
A << after.A;
pe << after.pe;
pa << after.pa;
@@
rep(pa, "%s() is outside an open user-access region on some path: after %s() at line %s [region]" % (A, E, pe[0].line))

// an access before the first begin, in a function that opens a region
@before depends on has exists@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
identifier B2 = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec,
  user_access_restore};
identifier has.B;
identifier fn;
position pa, pb2;
@@
fn(...) {
... when != B2(...)
A@pa(...)
... when any
B@pb2(...)
... when any
}

@script:python@
A << before.A;
B << has.B;
pa << before.pa;
pb2 << before.pb2;
@@
rep(pa, "%s() is outside an open user-access region on some path: before %s() at line %s [region]" % (A, B, pb2[0].line))

// helpers: functions of the file that access user memory without a begin of
// their own run in the region of their caller; their calls are examined like
// accesses (one level)
@hacc depends on has@
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
position pa;
@@
A@pa(...)

@script:python hlp@
A << hacc.A;
pa << hacc.pa;
h;
@@
fn = pa[0].current_element
if fn in BEGIN_FNS or fn == "something_else":
    fn = "__uaccess_check_no_helper__"   # never called: no match below
else:
    HELPER_ACCESS[fn] = str(A)
coccinelle.h = cocci.make_ident(fn)

// calls under if (is_kernel_addr(...)) serve kernel addresses (powerpc)
@kcall depends on has@
identifier hlp.h;
expression E;
statement S;
position pk;
@@
(
if (is_kernel_addr(...)) return h@pk(...);
|
if (is_kernel_addr(...)) { ... E = h@pk(...); ... } else S
|
if (is_kernel_addr(...)) { ... E = h@pk(...); ... }
)

@script:python@
pk << kcall.pk;
@@
KERNEL_CALLS.add(key(pk[0]))

@hafter depends on has exists@
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
identifier hlp.h;
identifier B2 = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec,
  user_access_restore};
position pe, pc;
expression x;
@@
(
E@pe(...);
|
x = E@pe(...);
)
... when != B2(...)
h@pc(...)

@script:python@
E << hafter.E;
h << hlp.h;
pe << hafter.pe;
pc << hafter.pc;
@@
if key(pc[0]) not in KERNEL_CALLS:
    rep(pc, "call to '%s' reaches %s() outside an open user-access region on some path: after %s() at line %s [region]" % (h, HELPER_ACCESS[str(h)], E, pe[0].line))

@hbefore depends on has exists@
identifier hlp.h;
identifier B2 = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin, __uaccess_begin, __uaccess_begin_nospec,
  user_access_restore};
identifier has.B;
identifier fn;
position pc, pb2;
@@
fn(...) {
... when != B2(...)
h@pc(...)
... when any
B@pb2(...)
... when any
}

@script:python@
h << hlp.h;
B << has.B;
pc << hbefore.pc;
pb2 << hbefore.pb2;
@@
if key(pc[0]) not in KERNEL_CALLS:
    rep(pc, "call to '%s' reaches %s() outside an open user-access region on some path: before %s() at line %s [region]" % (h, HELPER_ACCESS[str(h)], B, pb2[0].line))

// the region is still open at a return
@noend depends on has exists@
identifier has.B;
position has.pb;
statement S;
expression x;
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end};
position pr;
@@
(
if (!B@pb(...)) S
|
if (unlikely(!B@pb(...))) S
|
x = B@pb(...);
)
... when != E(...)
    when != user_access_save(...)
(
return@pr ...;
)

@script:python@
B << has.B;
pb << has.pb;
pr << noend.pr;
@@
rep(pr, "returns with the user-access region opened by %s() at line %s still open [region]" % (B, pb[0].line))

@noend2 depends on has exists@
identifier has.B;
position has.pb;
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end};
position pr;
@@
if (B@pb(...)) {
... when != E(...)
    when != user_access_save(...)
return@pr ...;
}

@script:python@
B << has.B;
pb << has.pb;
pr << noend2.pr;
@@
rep(pr, "returns with the user-access region opened by %s() at line %s still open [region]" % (B, pb[0].line))

// accessors jump to their label argument on a fault: spatch does not see
// that edge (it is inside the macro), so the code at each such label is
// examined with the region of the access
@acclab depends on has exists@
identifier has.B;
position has.pb;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack};
identifier l;
position pa;
statement S;
expression x;
@@
(
if (!B@pb(...)) S
|
if (unlikely(!B@pb(...))) S
|
x = B@pb(...);
)
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
A@pa(..., l)

@labnoend depends on has exists@
identifier acclab.l;
position pr;
@@
l:
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
    when != user_access_save(...)
return@pr ...;

@script:python@
B << has.B;
pb << has.pb;
l << acclab.l;
pa << acclab.pa;
pr << labnoend.pr;
@@
if pa[0].current_element == pr[0].current_element:
    rep(pr, "returns with the user-access region opened by %s() at line %s still open (reached from a fault at label '%s') [region]" % (B, pb[0].line, l))

@labwrong depends on has exists@
identifier acclab.l;
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end};
position pe;
@@
l:
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
E@pe(...)

@script:python@
B << has.B;
pb << has.pb;
E << labwrong.E;
pa << acclab.pa;
pe << labwrong.pe;
@@
if str(E) not in END_OF[str(B)] and pa[0].current_element == pe[0].current_element:
    rep(pe, "%s() does not close the region opened by %s() at line %s [region]" % (E, B, pb[0].line))

// a region closed by the wrong end
@wrong depends on has exists@
identifier has.B;
position has.pb;
statement S;
expression x;
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end};
position pe;
@@
(
if (!B@pb(...)) S
|
if (unlikely(!B@pb(...))) S
|
if (B@pb(...)) S
|
x = B@pb(...);
)
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
E@pe(...)

@script:python@
B << has.B;
E << wrong.E;
pe << wrong.pe;
pb << has.pb;
@@
if str(E) not in END_OF[str(B)]:
    rep(pe, "%s() does not close the region opened by %s() at line %s [region]" % (E, B, pb[0].line))

// patch: close a read (write) region with the read (write) end
@depends on patch && has exists@
statement S;
@@
(
if (!user_read_access_begin(...)) S
|
if (unlikely(!user_read_access_begin(...))) S
)
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
- user_write_access_end();
+ user_read_access_end();

@depends on patch && has exists@
statement S;
@@
(
if (!user_write_access_begin(...)) S
|
if (unlikely(!user_write_access_begin(...))) S
)
... when != user_access_end(...)
    when != user_read_access_end(...)
    when != user_write_access_end(...)
    when != user_rw_access_end(...)
- user_read_access_end();
+ user_write_access_end();

@script:python depends on report && has@
@@
seen = set()
for p, msg in sorted(REPORTS, key=lambda r: (key(r[0][0]), r[1])):
    if (key(p[0]), msg) not in seen:
        seen.add((key(p[0]), msg))
        coccilib.report.print_report(p[0], msg)

@script:python depends on org && has@
@@
seen = set()
for p, msg in sorted(REPORTS, key=lambda r: (key(r[0][0]), r[1])):
    if (key(p[0]), msg) not in seen:
        seen.add((key(p[0]), msg))
        coccilib.org.print_todo(p[0], msg)

@depends on context && has@
identifier g;
position p : script:python() { keep(p) };
@@
* g@p(...)

@depends on context && has@
position p : script:python() { keep(p) };
@@
* return@p ...;

@script:python depends on has@
@@
del REPORTS[:]
KEEP.clear()
BEGIN_FNS.clear()
HELPER_ACCESS.clear()
KERNEL_CALLS.clear()
