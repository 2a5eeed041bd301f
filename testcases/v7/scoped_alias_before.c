// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: an alias taken before the scope, used inside it
 * check-description: The scope replaces 'e' by its masked copy only inside the scope; 'seq' was computed from the raw pointer before the scope (the 7.2 rseq_entry.h shape), but the store through 'e' runs first: a bad address, masked, faults there, so 'seq', 4 bytes on, counts as an offset of the masked pointer (the scope's documented contract) and is proven. A plain copy of the pointer made before the scope, with no access through 'e' before it, bypasses the masking and is unchecked.
 * check-level: 0
 *
 * check-output-start
scoped_alias_before.c:52:17: warning: unsafe_put_user() on 'copy' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_alias_before.c:51:9: note: this scope validates only 'e', the pointer it names
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_event {
	u32 type;
	u32 seq;
};

struct v7_event_args {
	struct v7_event __user *ev;
	u32 type;
	u32 seq;
};

int v7_put_event(struct v7_event_args *args);
int v7_put_event(struct v7_event_args *args)
{
	struct v7_event __user *e = args->ev;
	u32 __user *seq = &e->seq;

	scoped_user_write_access(e, efault) {
		unsafe_put_user(args->type, &e->type, efault);
		unsafe_put_user(args->seq, seq, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_event);

int v7_put_event_copy(struct v7_event_args *args);
int v7_put_event_copy(struct v7_event_args *args)
{
	struct v7_event __user *e = args->ev;
	struct v7_event __user *copy = e;

	scoped_user_write_access(e, efault) {
		unsafe_put_user(args->type, &copy->type, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_event_copy);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: an alias taken before the scope, used inside it");
