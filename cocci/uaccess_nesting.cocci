// SPDX-License-Identifier: GPL-2.0-only
/// Find Linux 7.x user-access scopes that nest [region]: a scope,
/// get_user_inline() or put_user_inline() inside a scope or inside a region
/// opened by user_*access_begin() and not yet ended: the end of the inner one
/// closes the region the outer code still uses.  Also an explicit
/// user_*access_end() or user_access_save() inside a scope, which the scope
/// ends itself on every exit [region].
///
/// What the script cannot see: nesting through a helper call; scopes
/// written through other macros; a begin inside a condition combined with
/// && or || counts as taken.  Kernels before 7.0 have no scopes: the script
/// finds nothing there.
///
// Confidence: High
// Copyright: (C) 2026 uaccess_check authors.
// Options: --no-includes --include-headers
// Keywords: scoped_user_read_access, scoped_user_write_access, scoped_user_rw_access,
// Keywords: scoped_user_read_access_size, scoped_user_write_access_size,
// Keywords: scoped_user_rw_access_size, get_user_inline, put_user_inline

virtual context
virtual org
virtual report

@initialize:python@
@@
import os, sys
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(a)), "lib")
                for a in open("/proc/self/cmdline").read().split("\0") if a.endswith(".cocci")][:1]
import vocab
from report import Reports

R = Reports()

def nested(pn, inner, outer):
    R.add(pn, vocab.say("region", "nested", ("do_not_nest", dict(outer=outer)), begin=inner))

// the scopes named literally: spatch parses only the files that have one (a
// first rule with a regular expression only would make it parse every file)
@hasscope@
iterator name scoped_user_read_access, scoped_user_write_access,
  scoped_user_rw_access, scoped_user_read_access_size,
  scoped_user_write_access_size, scoped_user_rw_access_size;
expression list es;
statement B;
@@
(
scoped_user_read_access(es) B
|
scoped_user_write_access(es) B
|
scoped_user_rw_access(es) B
|
scoped_user_read_access_size(es) B
|
scoped_user_write_access_size(es) B
|
scoped_user_rw_access_size(es) B
)

@hasinline@
identifier I = {get_user_inline, put_user_inline};
@@
I(...)

// nesting: a scope or get/put_user_inline() inside a scope ...
@nests depends on hasscope exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
iterator S2 =~ "^scoped_user_(read|write|rw)_access(_size)?$";
expression list es;
statement B;
position ps, pn;
@@
S@ps(es) {
... when any
S2@pn(...) B
... when any
}

@script:python@
S << nests.S;
ps << nests.ps;
S2 << nests.S2;
pn << nests.pn;
@@
nested(pn, str(S2), vocab.messages.say("outer_scope", scope=S, line=ps[0].line))

@nesti depends on hasscope && hasinline exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier I = {get_user_inline, put_user_inline};
expression list es;
position ps, pn;
@@
S@ps(es) {
... when any
I@pn(...)
... when any
}

@script:python@
S << nesti.S;
ps << nesti.ps;
I << nesti.I;
pn << nesti.pn;
@@
nested(pn, str(I), vocab.messages.say("outer_scope", scope=S, line=ps[0].line))

// an explicit end inside a scope closes the region the rest of the body uses
// (the scope ends it itself, on every exit)
@endin depends on hasscope exists@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
expression list es;
position ps, pe;
@@
S@ps(es) {
... when any
E@pe(...)
... when any
}

@script:python@
S << endin.S;
ps << endin.ps;
E << endin.E;
pe << endin.pe;
@@
R.add(pe, vocab.say("region", "scope_end", ("scope_ends_itself", dict(scope=str(S), line=ps[0].line)), end=str(E)))

// ... or after a begin with no end in between
@inreg depends on hasinline exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin};
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
identifier I = {get_user_inline, put_user_inline};
position pb, pn;
@@
B@pb(...)
... when != E(...)
I@pn(...)

@script:python@
B << inreg.B;
pb << inreg.pb;
I << inreg.I;
pn << inreg.pn;
@@
nested(pn, str(I), vocab.messages.say("outer_region", begin=B, line=pb[0].line))

@inregs depends on hasscope exists@
identifier B = {user_access_begin, user_read_access_begin,
  user_write_access_begin, user_rw_access_begin, masked_user_access_begin,
  masked_user_read_access_begin, masked_user_write_access_begin,
  masked_user_rw_access_begin};
identifier E = {user_access_end, user_read_access_end, user_write_access_end,
  user_rw_access_end, user_access_save};
iterator S2 =~ "^scoped_user_(read|write|rw)_access(_size)?$";
statement S3;
position pb, pn;
@@
B@pb(...)
... when != E(...)
S2@pn(...) S3

@script:python@
B << inregs.B;
pb << inregs.pb;
S2 << inregs.S2;
pn << inregs.pn;
@@
nested(pn, str(S2), vocab.messages.say("outer_region", begin=B, line=pb[0].line))

@script:python depends on hasscope || hasinline@
@@
R.final()

@script:python depends on report && (hasscope || hasinline)@
@@
R.print(coccilib, "report")

@script:python depends on org && (hasscope || hasinline)@
@@
R.print(coccilib, "org")

@depends on context && (hasscope || hasinline)@
identifier g;
position p : script:python() { R.keep(p) };
@@
* g@p(...)

@depends on context && hasscope@
iterator S =~ "^scoped_user_(read|write|rw)_access(_size)?$";
statement B;
position p : script:python() { R.keep(p) };
@@
* S@p(...) B

@script:python depends on hasscope || hasinline@
@@
R.reset()
