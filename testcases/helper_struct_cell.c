// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: user pointer in a local struct passed by address
 * check-description: emit() writes through c->dst, a member of the caller's local struct; fill() checks exactly the pointer it stores there and is silent, fill_other() checks a different pointer than the one it stores and is unchecked at its call.
 * check-level: 0
 *
 * check-output-start
helper_struct_cell.c:60:15: warning: call to 'emit' passes 'a->out2' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
helper_struct_cell.c:32:9: note: accessed here
helper_struct_cell.c:58:14: note: this check validates a different pointer
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_two {
	u32 __user *out;
	u32 __user *out2;
	u32 v;
};

struct uc_ctx {
	u32 __user *dst;
	u32 n;
};

static noinline int emit(struct uc_ctx *c, u32 v)
{
	unsafe_put_user(v, c->dst, efault);
	return 0;
efault:
	return -EFAULT;
}

int fill(struct uc_two *a);
int fill(struct uc_two *a)
{
	struct uc_ctx c = { .dst = a->out, .n = 0 };
	int err;

	if (!user_write_access_begin(a->out, sizeof(u32)))
		return -EFAULT;
	err = emit(&c, a->v);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(fill);

int fill_other(struct uc_two *a);
int fill_other(struct uc_two *a)
{
	struct uc_ctx c = { .dst = a->out2, .n = 0 };
	int err;

	if (!user_write_access_begin(a->out, sizeof(u32)))
		return -EFAULT;
	err = emit(&c, a->v);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(fill_other);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: user pointer in a local struct passed by address");
