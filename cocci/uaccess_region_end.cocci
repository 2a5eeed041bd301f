// SPDX-License-Identifier: GPL-2.0-only
/// Find user-access regions left open or closed wrongly [region]: a region
/// still open when the function returns (also from the fault label of an
/// accessor), and a region closed by the wrong end variant
/// (user_write_access_end() after user_read_access_begin(), ...; x86 does
/// not care, powerpc does).  Patch mode replaces a wrong end of a region
/// opened by user_read_access_begin() or user_write_access_begin() on the
/// straight path (ends reached only through a fault label are reported, not
/// patched).  Accesses outside the region: uaccess_region.cocci.
///
/// What the script cannot see: regions kept open on purpose across a return
/// to a caller that ends them; begins inside conditions combined with && or
/// || count as taken on both branches.
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
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import vocab
from report import Reports

R = Reports()

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
R.add(pr, vocab.say("region", "still_open", ("opened_at", dict(begin=str(B), line=pb[0].line))))

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
R.add(pr, vocab.say("region", "still_open", ("opened_at", dict(begin=str(B), line=pb[0].line))))

// accessors jump to their label argument on a fault: spatch does not see
// that edge (it is inside the macro), so the code at each such label is
// examined with the region of the access
@acclab depends on has exists@
identifier has.B;
position has.pb;
identifier A = {unsafe_put_user, unsafe_get_user, unsafe_copy_to_user,
  unsafe_copy_from_user, unsafe_try_cmpxchg_user, unsafe_put_compat_sigset,
  unsafe_get_compat_sigset, unsafe_save_altstack, unsafe_compat_save_altstack,
  unsafe_atomic_store_release_user};
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
    R.add(pr, vocab.say("region", "still_open", ("from_fault", dict(begin=str(B), line=pb[0].line, label=str(l)))))

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
    R.add(pe, vocab.say("region", "wrong_end", ("opened_line", dict(line=pb[0].line)),
                        end=str(E), begin=str(B)))

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
    R.add(pe, vocab.say("region", "wrong_end", ("opened_line", dict(line=pb[0].line)),
                        end=str(E), begin=str(B)))

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

@script:python depends on has@
@@
R.final()

@script:python depends on report && has@
@@
R.print(coccilib, "report")

@script:python depends on org && has@
@@
R.print(coccilib, "org")

@depends on context && has@
identifier g;
position p : script:python() { R.keep(p) };
@@
* g@p(...)

@depends on context && has@
position p : script:python() { R.keep(p) };
@@
* return@p ...;

@script:python depends on has@
@@
R.reset()
