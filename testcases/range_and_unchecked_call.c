// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: one call that passes an unchecked pointer and an under-checked one
 * check-description: put_result() stores through both of its pointers. publish_result() checks only 4 bytes of value, which put_result() writes 8 bytes of (range), and nothing of status (unchecked): one call, two classes, so both findings are reported at that call.
 * check-level: 0
 *
 * check-output-start
range_and_unchecked_call.c:44:15: warning: call to 'put_result' passes 'args->status' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
range_and_unchecked_call.c:29:9: note: accessed here
range_and_unchecked_call.c:42:14: note: this check validates a different pointer
range_and_unchecked_call.c:44:15: warning: call to 'put_result' passes 'value' to unsafe_put_user(), which accesses bytes 0..7 of it, beyond the 4 bytes checked [-Wuaccess-range]
range_and_unchecked_call.c:30:9: note: accessed here
range_and_unchecked_call.c:42:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct result_args {
	u32 __user *status;
	u64 __user *value;
};

static __always_inline int put_result(u32 __user *status, u64 __user *value, u64 v)
{
	unsafe_put_user(0, status, efault);
	unsafe_put_user(v, value, efault);
	return 0;
efault:
	return -EFAULT;
}

int publish_result(const struct result_args *args, u64 v);
int publish_result(const struct result_args *args, u64 v)
{
	u64 __user *value = args->value;
	int err;

	if (!user_write_access_begin(value, sizeof(u32)))
		return -EFAULT;
	err = put_result(args->status, value, v);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(publish_result);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: one call that passes an unchecked pointer and an under-checked one");
