// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: the if macro of CONFIG_PROFILE_ALL_BRANCHES
 * check-description: With CONFIG_PROFILE_ALL_BRANCHES every 'if' is the macro of include/linux/compiler.h (copied here), so the checking begin is a token of a macro argument; the plugin still names it user_write_access_begin(), whose end matches, so the correct function is silent (it said "does not close the region opened by user_access_begin()" before), and the store through another pointer is still unchecked.
 * check-level: 0
 *
 * check-output-start
profile_branches_if_ok.c:51:9: warning: unsafe_put_user() on 'args->other' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
profile_branches_if_ok.c:51:9: note: no check of 'args->other' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define __trace_if_var(cond) (__builtin_constant_p(cond) ? (cond) : __trace_if_value(cond))
#define __trace_if_value(cond) ({ static int __if_trace[2]; (cond) ? (__if_trace[1]++, 1) : (__if_trace[0]++, 0); })
#define if(cond, ...) if ( __trace_if_var( !!(cond , ## __VA_ARGS__) ) )

struct pb_args {
	u32 __user *out;
	u32 __user *other;
	u32 v;
};

int pb_put(struct pb_args *args);
int pb_put(struct pb_args *args)
{
	u32 __user *p = args->out;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(args->v, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(pb_put);

int pb_put_other(struct pb_args *args);
int pb_put_other(struct pb_args *args)
{
	u32 __user *p = args->out;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(args->v, args->other, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(pb_put_other);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: the if macro of CONFIG_PROFILE_ALL_BRANCHES");
