// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_put_user() in a read scope
 * check-description: scoped_user_read_access() opens the region for reading only (its cleanup is user_read_access_end()); acknowledging the command by writing through the scope's pointer is a mode error, and the note names the scope that opened the region.
 * check-level: 0
 *
 * check-output-start
scoped_mode_write_in_read.c:35:17: warning: unsafe_put_user() writes in a region opened for reading [-Wuaccess-mode]
scoped_mode_write_in_read.c:33:9: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_cmd {
	u32 op;
	u32 ack;
};

struct v7_cmd_args {
	struct v7_cmd __user *cmd;
	u32 op;
};

int v7_take_cmd(struct v7_cmd_args *args);
int v7_take_cmd(struct v7_cmd_args *args)
{
	struct v7_cmd __user *c = args->cmd;

	scoped_user_read_access(c, efault) {
		unsafe_get_user(args->op, &c->op, efault);
		unsafe_put_user(1, &c->ack, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_take_cmd);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_put_user() in a read scope");
